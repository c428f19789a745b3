import type { ReactNode } from 'react';
import { Table, type TableTheadProps, type TableThProps } from '@mantine/core';

/** One header cell: its text alone, or its content with the cell's props (`ta`, `w`, `visibleFrom` …). */
export type HeadCell = string | ({ label: ReactNode } & Omit<TableThProps, 'children'>);

/**
 * A table's header row from a list of cells, so that a table states only its column names and
 * how each is aligned or hidden: `['Date', { label: 'Amount', ta: 'right' }]`.
 */
export function TableHead({ cells, ...props }: { cells: HeadCell[] } & TableTheadProps) {
  return (
    <Table.Thead {...props}>
      <Table.Tr>
        {cells.map((cell, index) => {
          if (typeof cell === 'string') return <Table.Th key={index}>{cell}</Table.Th>;
          const { label, ...th } = cell;
          return (
            <Table.Th key={index} {...th}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

/** A right-aligned header cell (amounts, totals, actions). */
export const alignRight = (label: string): HeadCell => ({ label, ta: 'right' });
