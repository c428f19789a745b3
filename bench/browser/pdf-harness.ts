/**
 * Bench-only: the PWA's PDF rendering in the page — the shared layout and @react-pdf/renderer's
 * browser build, bundled by bench/pdf.ts with esbuild. Times one render to a Blob.
 */
import { createElement, type ReactElement } from 'react';
import { pdf, type DocumentProps } from '@react-pdf/renderer';
import {
  DocumentPdf,
  prepareDocumentFonts,
  type DocumentFontSources,
  type DocumentModel,
} from '../../shared-types/src/documents/index';

async function render(
  model: DocumentModel,
  fonts: DocumentFontSources,
): Promise<{ ms: number; bytes: number }> {
  await prepareDocumentFonts(fonts);
  const started = performance.now();
  const element = createElement(DocumentPdf, { model }) as unknown as ReactElement<DocumentProps>;
  const blob = await pdf(element).toBlob();
  return { ms: performance.now() - started, bytes: blob.size };
}

(window as unknown as { __smbPdf: unknown }).__smbPdf = { render };
