/// <reference lib="webworker" />
import { readCsvBytes } from './read-file';

/** Decodes and parses one CSV file off the main thread (see read-file.ts). */
self.onmessage = (event: MessageEvent<Uint8Array>) => {
  try {
    self.postMessage({ result: readCsvBytes(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
