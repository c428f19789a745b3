import { decodeCsvBytes } from './decode';
import { parseCsvText, type ParsedCsv } from './parse';

export interface ReadCsv extends ParsedCsv {
  encoding: 'utf-8' | 'windows-1252';
}

/** Decodes and parses a file's bytes (what the worker runs; also the fallback without workers). */
export function readCsvBytes(bytes: Uint8Array): ReadCsv {
  const { text, encoding } = decodeCsvBytes(bytes);
  return { ...parseCsvText(text), encoding };
}

/** Files above this size are parsed in a Web Worker, so the screen stays responsive. */
export const WORKER_THRESHOLD_BYTES = 256 * 1024;

/**
 * Reads a chosen CSV file on the device (nothing is uploaded): in a Web Worker for large files,
 * on the main thread for small ones or where workers are unavailable.
 */
export async function readCsvFile(file: Blob): Promise<ReadCsv> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (typeof Worker === 'undefined' || bytes.byteLength < WORKER_THRESHOLD_BYTES)
    return readCsvBytes(bytes);
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ReadCsv>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ result?: ReadCsv; error?: string }>) =>
        event.data.result ? resolve(event.data.result) : reject(new Error(event.data.error));
      worker.onerror = (event) => reject(new Error(event.message || 'The file could not be read'));
      worker.postMessage(bytes, [bytes.buffer]);
    });
  } finally {
    worker.terminate();
  }
}
