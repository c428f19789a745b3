/** A server's memory read after a full collection, through bench/support/memory-probe.mjs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../../tests/support/server-process';
import { sleep } from '../../tests/reliability/support';

/** Writing a heap snapshot (MEMORY_PROBE_SNAPSHOTS) of a large heap takes a while. */
const PROBE_PATIENCE_MS = process.env.MEMORY_PROBE_SNAPSHOTS ? 600_000 : 30_000;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Node options that load the probe into a server (with MEMORY_PROBE_FILE in its env). */
export const MEMORY_PROBE_OPTIONS = [
  '--expose-gc',
  '--import',
  path.join(here, 'memory-probe.mjs'),
];

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;

export interface Memory {
  rss: number;
  /** The JavaScript heap after a full garbage collection. */
  heapUsed: number;
  /** ArrayBuffers, among them the embedded database's WebAssembly memory, which never shrinks. */
  arrayBuffers: number;
}

/** The server's memory after a full collection (bench/support/memory-probe.mjs answers SIGUSR2). */
export async function memoryOf(server: ServerProcess, probeFile: string): Promise<Memory> {
  const asked = Date.now();
  server.child.kill('SIGUSR2');
  for (;;) {
    await sleep(100);
    try {
      const usage = JSON.parse(readFileSync(probeFile, 'utf8')) as Memory & { at: number };
      if (usage.at >= asked)
        return {
          rss: mb(usage.rss),
          heapUsed: mb(usage.heapUsed),
          arrayBuffers: mb(usage.arrayBuffers),
        };
    } catch {
      // not written yet
    }
    if (Date.now() - asked > PROBE_PATIENCE_MS) throw new Error('the memory probe did not answer');
  }
}
