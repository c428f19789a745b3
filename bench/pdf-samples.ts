/**
 * `npx tsx bench/pdf-samples.ts`: renders a sample quote (A4, EUR, Draft) and invoice (US Letter,
 * USD, 3-decimal tax, part paid), both with a logo, with the server's renderer and writes their
 * first pages as PNG to docs/pdf/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDocumentPdf } from '../sync-server/src/modules/pdf/pdf-renderer';
import { sampleDocument } from './pdf-fixtures';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'pdf');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pdf-samples-'));
const samples = [
  ['quote-a4', sampleDocument('quote', 7, { status: 'Draft', logo: true })],
  [
    'invoice-letter',
    sampleDocument('invoice', 7, {
      currency: { code: 'USD', symbol: '$' },
      taxRate: '8.875',
      paperSize: 'Letter',
      logo: true,
      amountPaid: '500.00',
      status: 'Partially paid',
    }),
  ],
] as const;
for (const [name, model] of samples) {
  const file = path.join(tmp, `${name}.pdf`);
  writeFileSync(file, await renderDocumentPdf(model));
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(out, name),
  ]);
  console.log(`docs/pdf/${name}.png`);
}
rmSync(tmp, { recursive: true, force: true });
