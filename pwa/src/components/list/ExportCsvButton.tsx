import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../../features/csv/csv-export';

export interface ExportCsvButtonProps<T> {
  /** Plural, lower case, for the file name and the label: 'customers'. */
  noun: string;
  columns: CsvColumn<T>[];
  /** Every row the list shows under its current search and filters (not only this page). */
  rows: () => T[] | Promise<T[]>;
  disabled?: boolean;
  onError?: (message: string) => void;
}

/**
 * The list header's "Export CSV": the list as filtered and searched, from the local store (works
 * offline), as `<noun>-<date>.csv`. One component for every list.
 */
export function ExportCsvButton<T>({
  noun,
  columns,
  rows,
  disabled,
  onError,
}: ExportCsvButtonProps<T>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadCsv(csvFileName(noun), toCsv(columns, await rows()));
    } catch (e) {
      onError?.(`Failed to export ${noun}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
      aria-label={`Export CSV of ${noun}`}
    >
      Export CSV
    </Button>
  );
}
