import { parentPort } from 'node:worker_threads';
import type { DocumentModel } from '@smb/shared-types/documents';
import { renderOnThisThread } from './pdf-layout-render';

export interface RenderRequest {
  id: number;
  model: DocumentModel;
}

export type RenderResponse = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** The PDF worker: renders one document per message, in the order they come. */
parentPort?.on('message', ({ id, model }: RenderRequest) => {
  renderOnThisThread(model).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf); // its own buffer, exactly the file, moved not copied
      parentPort!.postMessage({ id, pdf: bytes } satisfies RenderResponse, [bytes.buffer]);
    },
    (err: unknown) =>
      parentPort!.postMessage({
        id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies RenderResponse),
  );
});
