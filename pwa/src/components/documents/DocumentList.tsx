import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  DocumentListTable,
  type DocumentListTableProps,
  type ListedDocument,
} from './DocumentListTable';
import { EmptyState, ListPagination, LoadingState, usePage } from './ListParts';

type Named = Map<string, { name: string }>;

export interface DocumentListProps<T extends ListedDocument> extends Omit<
  DocumentListTableProps<T>,
  'rows' | 'customerName' | 'contactName'
> {
  /** Every document of the kind; undefined while loading, none: the empty state. */
  documents: T[] | undefined;
  /** The ones listed, 50 to a page (the documents a filter keeps); all of them by default. */
  listed?: T[];
  loadingText: string;
  empty: { icon: Icon; title: string; text: string; action: ReactNode };
  customers: Named;
  contacts: Named;
}

/** The quotes and orders lists below their header: loading, the empty state, or the paged table. */
export function DocumentList<T extends ListedDocument>({
  documents,
  listed,
  loadingText,
  empty,
  customers,
  contacts,
  ...table
}: DocumentListProps<T>) {
  const { page, pages, setPage, rows } = usePage(listed ?? documents);
  if (documents === undefined)
    return (
      <Paper withBorder>
        <LoadingState text={loadingText} />
      </Paper>
    );
  if (documents.length === 0) return <EmptyState {...empty} />;
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <DocumentListTable
        {...table}
        rows={rows ?? []}
        customerName={(row) => customers.get(row.customerId)?.name}
        contactName={(row) => (row.contactId ? contacts.get(row.contactId)?.name : undefined)}
      />
      <ListPagination page={page} pages={pages} onChange={setPage} />
    </Paper>
  );
}

/** The rows a list's CSV export writes: each document with its number and names. */
export function documentExportRows<T extends ListedDocument>(
  documents: T[] | undefined,
  numberOf: (document: T) => string,
  customers: Named,
  contacts: Named,
) {
  return (documents ?? []).map((document) => ({
    document,
    number: numberOf(document),
    customerName: customers.get(document.customerId)?.name,
    contactName: document.contactId ? contacts.get(document.contactId)?.name : null,
  }));
}
