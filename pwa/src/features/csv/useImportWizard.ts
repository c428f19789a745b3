import { useEffect, useMemo, useState } from 'react';
import { useDatabase } from '../../db/current';
import type { ImportKind } from './fields';
import { previewFlags } from './flags';
import { planImport, type ImportPlan } from './import-plan';
import {
  importRows,
  loadImportLookups,
  type DuplicateChoice,
  type ImportSummary,
  type SkippedRow,
} from './import-store';
import { TITLES } from './import-texts';
import type { ColumnMapping } from './mapping';
import { missingRequired, prepareRows, type ImportLookups } from './prepare';
import { readCsvFile, type ReadCsv } from './read-file';

export type Filter = 'all' | 'invalid' | 'duplicate';

/** The import wizard's state: the file, its plan and mapping, the checked rows, the import. */
export function useImportWizard(kind: ImportKind) {
  const db = useDatabase();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [csv, setCsv] = useState<ReadCsv | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [lookups, setLookups] = useState<ImportLookups | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const applyPlan = (next: ImportPlan) => {
    setPlan(next);
    setMapping(next.mapping);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setPlan(null);
    setError(null);
    if (!chosen) return;
    setReading(true);
    try {
      const read = await readCsvFile(chosen);
      if (read.headers.length === 0 || read.rows.length === 0)
        throw new Error('The file has no rows below its header row.');
      setCsv(read);
      applyPlan(planImport(kind, read));
      if (db) setLookups(await loadImportLookups(db));
      setStep(1);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be read.');
    } finally {
      setReading(false);
    }
  };

  /** The user says where the header is (1-based row of the file). */
  const chooseHeaderRow = (row: number) => {
    if (csv && row >= 1 && row <= csv.table.length) applyPlan(planImport(kind, csv, row));
  };

  useEffect(() => {
    if (db && step === 1 && !lookups) void loadImportLookups(db).then(setLookups);
  }, [db, step, lookups]);

  const missing = missingRequired(kind, mapping);
  const prepared = useMemo(
    () =>
      plan && lookups
        ? prepareRows(kind, plan.rows, mapping, lookups, {
            lines: plan.lines,
            headers: plan.headers,
          })
        : null,
    [plan, lookups, kind, mapping],
  );
  const counts = useMemo(() => {
    const c = { new: 0, duplicate: 0, invalid: 0 };
    for (const row of prepared ?? []) c[row.status] += 1;
    return c;
  }, [prepared]);
  const flags = useMemo(
    () =>
      plan && prepared
        ? previewFlags(
            kind,
            plan.headers,
            plan.rows,
            mapping,
            prepared,
            plan.skipped,
            plan.variants,
          )
        : [],
    [kind, plan, mapping, prepared],
  );
  const toWrite = counts.new + (duplicates === 'update' ? counts.duplicate : 0);
  const skippedCount =
    counts.invalid + (duplicates === 'skip' ? counts.duplicate : 0) + (plan?.skipped.length ?? 0);

  const runImport = async () => {
    if (!db || !plan || !csv) return;
    setStep(3);
    setProgress({ done: 0, total: plan.rows.length });
    try {
      // Checked again against the store as it is now (a sync may have brought records since).
      const fresh = await loadImportLookups(db);
      const rows = prepareRows(kind, plan.rows, mapping, fresh, {
        lines: plan.lines,
        headers: plan.headers,
      });
      const result = await importRows(db, kind, rows, duplicates, (done, total) =>
        setProgress({ done, total }),
      );
      const left: SkippedRow[] = plan.skipped.map((s) => ({
        line: s.line,
        reasons: [s.reason],
        cells: csv.table[s.line - 1] ?? [],
      }));
      setSummary({
        ...result,
        skipped: [...result.skipped, ...left].sort((a, b) => a.line - b.line),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : `Failed to import ${TITLES[kind].plural}`);
    }
  };

  return {
    step,
    setStep,
    file,
    reading,
    csv,
    plan,
    error,
    mapping,
    setMapping,
    filter,
    setFilter,
    duplicates,
    setDuplicates,
    confirming,
    setConfirming,
    progress,
    summary,
    missing,
    prepared,
    counts,
    flags,
    toWrite,
    skippedCount,
    choose,
    chooseHeaderRow,
    runImport,
  };
}

export type ImportWizardState = ReturnType<typeof useImportWizard>;

/** What each step of the wizard is given. */
export interface StepProps {
  kind: ImportKind;
  wizard: ImportWizardState;
  phone: boolean;
}
