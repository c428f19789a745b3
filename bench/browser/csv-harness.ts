/**
 * Bench-only: the PWA's CSV import in the page — the same modules the import wizard uses, bundled
 * by bench/csv-import.ts with esbuild, against a real IndexedDB database in Chromium.
 */
import { SmbDatabase } from '../../pwa/src/db/database';
import { importRows, loadImportLookups } from '../../pwa/src/features/csv/import-store';
import { previewFlags } from '../../pwa/src/features/csv/flags';
import { planImport } from '../../pwa/src/features/csv/import-plan';
import { prepareRows } from '../../pwa/src/features/csv/prepare';
import { readCsvBytes } from '../../pwa/src/features/csv/read-file';

/** `rows` customers as a CRM export: quoted names with commas, a main contact each. */
function customersCsv(rows: number): Uint8Array {
  const lines = ['Company,E-mail Address,Phone 1,Address,City,Contact Name,Contact Email'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `"Customer ${i}, Ltd",c${i}@bench.example,+1 555 ${String(i).padStart(5, '0')},${i} Main Street,Springfield,Person ${i},p${i}@bench.example`,
    );
  return new TextEncoder().encode(lines.join('\r\n'));
}

async function run(rows: number) {
  const bytes = customersCsv(rows);
  const db = new SmbDatabase(`csv-bench-${Date.now()}`);
  await db.open();
  // Preview, as the wizard does it: decode + parse + find the header row + recognise the system
  // or score the columns + check every row against the store + the preview's flags.
  const previewStarted = performance.now();
  const csv = readCsvBytes(bytes);
  const plan = planImport('customers', csv);
  const prepared = prepareRows('customers', plan.rows, plan.mapping, await loadImportLookups(db), {
    lines: plan.lines,
    headers: plan.headers,
  });
  previewFlags('customers', plan.headers, plan.rows, plan.mapping, prepared, plan.skipped, null);
  const previewMs = performance.now() - previewStarted;
  const valid = prepared.filter((r) => r.status === 'new').length;
  // Import: every valid row through the outbox, in batches, as the wizard does.
  const importStarted = performance.now();
  const summary = await importRows(db, 'customers', prepared, 'skip');
  const importMs = performance.now() - importStarted;
  const stored = await db.customers.count();
  const outbox = await db.outbox.count();
  db.close();
  return {
    rows,
    bytes: bytes.byteLength,
    valid,
    previewMs,
    importMs,
    created: summary.created,
    stored,
    outbox,
  };
}

/** Dexie's errors do not survive page.evaluate: their name and message do. */
async function runReporting(rows: number) {
  try {
    return await run(rows);
  } catch (e) {
    const error = e as Error & { inner?: Error };
    throw new Error(
      `${error.name}: ${error.message}${error.inner ? ` (${error.inner.name}: ${error.inner.message})` : ''}`,
      { cause: e },
    );
  }
}

(window as unknown as { __smbCsv: unknown }).__smbCsv = { run: runReporting };
