import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
/** The kinds of record a CSV file can be imported into. */
export type ImportKind = 'customers' | 'contacts' | 'products';

/** The list header's "Import CSV": opens the import wizard for this kind of record. */
export function ImportCsvButton({ kind }: { kind: ImportKind }) {
  return (
    <Button
      component={Link}
      to={`/dashboard/import/${kind}`}
      variant="default"
      leftSection={<IconUpload size={18} />}
    >
      Import CSV
    </Button>
  );
}
