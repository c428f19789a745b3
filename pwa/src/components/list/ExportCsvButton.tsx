import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { messageOf, useAction } from '../../lib/useAction';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../../lib/csv-export';

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
  const exportRows = useAction(
    async () => downloadCsv(csvFileName(noun), toCsv(columns, await rows())),
    (e) => onError?.(`Failed to export ${noun}: ${messageOf(e)}`),
  );
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} />}
      loading={exportRows.busy}
      disabled={disabled}
      onClick={() => void exportRows.run()}
      aria-label={`Export CSV of ${noun}`}
    >
      Export CSV
    </Button>
  );
}
