// Loaded into a server process by the tenant-churn bench (`node --expose-gc --import …`): on
// SIGUSR2 it collects garbage and writes process.memoryUsage() to MEMORY_PROBE_FILE, so the bench
// can tell the JavaScript heap from the embedded database's WebAssembly memory. With
// MEMORY_PROBE_SNAPSHOTS set to a directory it also writes a heap snapshot there each time, to
// compare what the heap holds after one round with what it holds after the next.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const snapshots = process.env.MEMORY_PROBE_SNAPSHOTS;
let taken = 0;
if (file && typeof globalThis.gc === 'function')
  process.on('SIGUSR2', () => {
    globalThis.gc();
    if (snapshots) writeHeapSnapshot(path.join(snapshots, `${++taken}.heapsnapshot`));
    writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
