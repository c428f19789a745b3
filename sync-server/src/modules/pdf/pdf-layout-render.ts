import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ReactElement } from 'react';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import {
  DOCUMENT_FONT_FILES,
  DOCUMENT_FONT_PACKAGE,
  DocumentPdf,
  prepareDocumentFonts,
  type DocumentFontSources,
  type DocumentModel,
} from '@smb/shared-types/documents';

/** The embedded font's files, from the npm package, as absolute paths. */
function fontPaths(): DocumentFontSources {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve(`${DOCUMENT_FONT_PACKAGE}/package.json`));
  return Object.fromEntries(
    Object.entries(DOCUMENT_FONT_FILES).map(([face, file]) => [face, path.join(root, file)]),
  ) as unknown as DocumentFontSources;
}

/**
 * Renders a document with the shared layout, on the calling thread; the same code the PWA runs in
 * the browser. The server calls it inside the PDF worker (`pdf-renderer.ts`), never on its event
 * loop.
 */
export async function renderOnThisThread(model: DocumentModel): Promise<Buffer> {
  await prepareDocumentFonts(fontPaths());
  const element = createElement(DocumentPdf, { model }) as unknown as ReactElement<DocumentProps>;
  return renderToBuffer(element);
}
