import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

function VerificationBadge({ user }: { user: User }) {
  return user.isVerified ? (
    <Badge color="green" variant="light">
      Verified
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      Pending Verification
    </Badge>
  );
}

function RoleBadge({ user }: { user: User }) {
  return user.isTenantAdmin ? (
    <Badge color="brand" variant="light">
      Administrator
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Regular User
    </Badge>
  );
}

function EmailText({ user, self }: { user: User; self: boolean }) {
  return (
    <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
      {user.email}{' '}
      {self && (
        <Text span size="sm" c="dimmed" fw={400}>
          (You)
        </Text>
      )}
    </Text>
  );
}

type ActionProps = Pick<Props, 'busyId' | 'disabled' | 'onToggleAdmin' | 'onDelete'> & {
  user: User;
};

function UserActions({ user, busyId, disabled, onToggleAdmin, onDelete }: ActionProps) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        color={user.isTenantAdmin ? 'gray' : 'brand'}
        leftSection={
          user.isTenantAdmin ? <IconShieldOff size={14} /> : <IconShieldCheck size={14} />
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
  );
}

export function UsersTable({ users, isSelf, busyId, disabled, onToggleAdmin, onDelete }: Props) {
  const phone = useMediaQuery('(max-width: 75em)');
  const actions = { busyId, disabled, onToggleAdmin, onDelete };
  if (users && phone)
    return (
      <Stack gap={0}>
        {users.map((user, index) => {
          const self = isSelf(user);
          return (
            <Card
              key={user.id}
              radius={0}
              withBorder={false}
              padding="md"
              data-testid="user-row"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <EmailText user={user} self={self} />
              <Group gap={6} mt={6}>
                <VerificationBadge user={user} />
                <RoleBadge user={user} />
              </Group>
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  Created {formatDate(user.createdAt)}
                </Text>
                {!self && <UserActions user={user} {...actions} />}
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
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
                  <EmailText user={user} self={self} />
                </Table.Td>
                <Table.Td>
                  <VerificationBadge user={user} />
                </Table.Td>
                <Table.Td>
                  <RoleBadge user={user} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</Table.Td>
                <Table.Td>{!self && <UserActions user={user} {...actions} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
