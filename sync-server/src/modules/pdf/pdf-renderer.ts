import { Worker } from 'node:worker_threads';
import type { DocumentModel } from '@smb/shared-types/documents';
import type { RenderRequest, RenderResponse } from './pdf-worker';

/** How long an unused worker is kept, fonts and layout code warm for the next render. */
const IDLE_MS = Number(process.env.PDF_WORKER_IDLE_MS ?? 1_800_000);
/**
 * The worker's young generation. A 3-page invoice allocates tens of megabytes of short-lived
 * layout objects; with the default nursery the worker spends about a sixth of each render in
 * scavenges. Medians in bench/pdf.ts on this 2-core machine: 16 MB 355–366 ms, 96 MB 269–318 ms,
 * 128 MB 217–285 ms, 256 MB 183–221 ms with 600–860 ms outliers. It is memory the worker may hold
 * while it renders, and gives back when it stops.
 */
const YOUNG_GENERATION_MB = 128;

interface Pending {
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

/**
 * One worker thread that renders PDFs, so a render (a few hundred milliseconds of layout) never
 * holds up the server's other requests. It starts with the first render, renders one document at
 * a time in the order asked, and stops after `PDF_WORKER_IDLE_MS` (30 minutes) without work, which
 * gives its memory back on a server that sits idle. A worker that dies fails the renders in
 * flight; the next render starts a new one.
 */
class PdfWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  render(model: DocumentModel): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    clearTimeout(this.idleTimer);
    worker.ref(); // a script awaiting its render stays alive until the answer
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, model } satisfies RenderRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (answer: RenderResponse) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(`PDF rendering failed: ${answer.error}`));
      else
        waiting.resolve(
          Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength),
        );
      if (this.pending.size === 0) this.idle(worker);
    });
    const stopped = (reason: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.idleTimer);
      for (const waiting of this.pending.values()) waiting.reject(reason);
      this.pending.clear();
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the PDF worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private idle(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  /** Stops the worker now (tests; a server shutting down need not wait for it). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (worker) await worker.terminate();
  }

  /** The worker's thread id while one runs (tests). */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }
}

const pdfWorker = new PdfWorker();

/** Renders a document with the shared layout (the PWA's too), in the PDF worker thread. */
export function renderDocumentPdf(model: DocumentModel): Promise<Buffer> {
  return pdfWorker.render(model);
}

export { pdfWorker };
