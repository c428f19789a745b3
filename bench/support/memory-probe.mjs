// Loaded into a server process by the tenant-churn bench (`node --expose-gc --import …`): on
// SIGUSR2 it collects garbage and writes process.memoryUsage() to MEMORY_PROBE_FILE, so the bench
// can tell the JavaScript heap from the embedded database's WebAssembly memory.
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file && typeof globalThis.gc === 'function')
  process.on('SIGUSR2', () => {
    globalThis.gc();
    writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
