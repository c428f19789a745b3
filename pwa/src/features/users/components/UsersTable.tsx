import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconShieldCheck, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { User } from '../data/users-api';

interface Props {
  users: User[] | undefined;
  isSelf: (user: User) => boolean;
  busyId: string | null;
  disabled: boolean;
  onToggleAdmin: (user: User) => void;
  onDelete: (user: User) => void;
}

const COLUMNS = ['Email', 'Verification', 'Role', 'Created', 'Actions'];

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString();
}

export function UsersTable({ users, isSelf, busyId, disabled, onToggleAdmin, onDelete }: Props) {
  if (!users)
    return (
      <Stack gap="sm" p="md" role="status" aria-label="Loading users">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={780}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} ta={c === 'Actions' ? 'right' : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const self = isSelf(user);
            return (
              <Table.Tr key={user.id} data-testid="user-row">
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {user.email}{' '}
                    {self && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        (You)
                      </Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {user.isVerified ? (
                    <Badge color="green" variant="light">
                      Verified
                    </Badge>
                  ) : (
                    <Badge color="yellow" variant="light">
                      Pending Verification
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {user.isTenantAdmin ? (
                    <Badge color="brand" variant="light">
                      Administrator
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Regular User
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</Table.Td>
                <Table.Td>
                  {!self && (
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        color={user.isTenantAdmin ? 'gray' : 'brand'}
                        leftSection={
                          user.isTenantAdmin ? (
                            <IconShieldOff size={14} />
                          ) : (
                            <IconShieldCheck size={14} />
                          )
                        }
                        loading={busyId === user.id}
                        disabled={disabled || (busyId !== null && busyId !== user.id)}
                        onClick={() => onToggleAdmin(user)}
                        aria-label={
                          user.isTenantAdmin
                            ? `Remove administrator role from ${user.email}`
                            : `Make ${user.email} an administrator`
                        }
                      >
                        {user.isTenantAdmin ? 'Remove Admin' : 'Make Admin'}
                      </Button>
                      <Tooltip label="Delete user" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={disabled || busyId !== null}
                          onClick={() => onDelete(user)}
                          aria-label={`Delete ${user.email}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
