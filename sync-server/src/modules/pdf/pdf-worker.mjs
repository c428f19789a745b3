// The PDF worker's entry. A worker thread starts without the TypeScript loader the server runs
// under, so it registers tsx's loader (a no-op where one is already there) before loading the
// worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
