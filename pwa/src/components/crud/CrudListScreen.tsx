import { useEffect, useState, type ReactNode } from 'react';
import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorBanner, errorText } from '../ErrorBanner';
import { PageHeader } from './PageHeader';
import { PAGE_SIZE, TablePager } from './TablePager';
import { TableSkeleton } from './TableSkeleton';
import { SearchBox } from '../list/SearchBox';
import type { SearchedList } from './useSearchedList';

export interface CrudListScreenProps<T extends { id: string; name: string }> {
  title: string;
  description: string;
  /** Plural, lower case: 'customers'. */
  noun: string;
  /** Singular, lower case: 'customer'. */
  singular: string;
  addLabel: string;
  addPath: string;
  empty: { icon: ReactNode; title: string; description: string };
  /** The page shown, its number and the search (`useSearchedList`). */
  list: SearchedList<T>;
  /** The search box got focus (a list can start reading what a search needs). */
  onSearchFocus?: () => void;
  deleteMessage: string;
  remove: (row: T) => Promise<void>;
  /** More header buttons before the add button (import, export), shown also while empty. */
  headerActions?: ReactNode;
  /** The table (or cards) of one page; `onDelete` asks for confirmation first. */
  children: (rows: T[], onDelete: (row: T) => void) => ReactNode;
}

/** A master-data list (customers, products): header, search, table, pager, delete confirmation. */
export function CrudListScreen<T extends { id: string; name: string }>({
  title,
  description,
  noun,
  singular,
  addLabel,
  addPath,
  empty,
  list: { page: shown, pageNumber, setPageNumber, search, searched, setSearch },
  onSearchFocus,
  deleteMessage,
  remove,
  headerActions,
  children,
}: CrudListScreenProps<T>) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  // A delete or a narrower search can leave the page past the end.
  const lastPage = shown ? Math.max(1, Math.ceil(shown.total / PAGE_SIZE)) : 1;
  const pastEnd = shown !== undefined && pageNumber > lastPage;
  useEffect(() => {
    if (pastEnd) setPageNumber(lastPage);
  }, [pastEnd, lastPage, setPageNumber]);

  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => navigate(addPath)}>
      {addLabel}
    </Button>
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete);
    } catch (e) {
      setError(errorText(e, `Failed to delete ${singular}`));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={description}
        action={
          <Group gap="sm" wrap="wrap">
            {headerActions}
            {shown && shown.all > 0 ? addButton : null}
          </Group>
        }
      />
      <ErrorBanner message={error} onClose={() => setError(null)} />

      {shown === undefined ? (
        <Paper withBorder>
          <TableSkeleton label={`Loading ${noun}`} />
        </Paper>
      ) : shown.all === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={empty.icon}
            variant="light"
            title={empty.title}
            description={empty.description}
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder>
          <Stack gap={0}>
            <SearchBox
              noun={noun}
              p="md"
              value={search}
              onFocus={onSearchFocus}
              onSearch={(text) => {
                setSearch(text);
                setPageNumber(1);
              }}
              maw={420}
            />
            {shown.total === 0 ? (
              <Text c="dimmed" ta="center" p="xl">
                No {noun} match “{searched.trim()}”.
              </Text>
            ) : (
              children(shown.rows, setToDelete)
            )}
            <Stack p="md" pt="sm">
              <TablePager
                page={pageNumber}
                total={shown.total}
                onChange={setPageNumber}
                noun={noun}
              />
            </Stack>
          </Stack>
        </Paper>
      )}

      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : `Delete ${singular}?`}
        message={deleteMessage}
        confirmLabel={`Delete ${singular}`}
        color="red"
        confirmIcon={<IconTrash size={16} />}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
