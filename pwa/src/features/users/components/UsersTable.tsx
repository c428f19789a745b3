import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconShieldCheck, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { EntityTable, type EntityColumn } from '../../../components/list/EntityTable';
import type { User } from '../data/users-api';
import { formatDate as localeDate } from '../../../lib/formats';

interface Props {
  users: User[] | undefined;
  isSelf: (user: User) => boolean;
  busyId: string | null;
  disabled: boolean;
  onToggleAdmin: (user: User) => void;
  onDelete: (user: User) => void;
}

function formatDate(iso: string): string {
  return localeDate(iso) || '—';
}

/** A yes/no property of the user as a coloured label. */
function FlagBadge({ on, yes, no }: { on: boolean; yes: [string, string]; no: [string, string] }) {
  const [color, label] = on ? yes : no;
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

const VerificationBadge = ({ user }: { user: User }) => (
  <FlagBadge
    on={user.isVerified}
    yes={['green', 'Verified']}
    no={['yellow', 'Pending Verification']}
  />
);

const RoleBadge = ({ user }: { user: User }) => (
  <FlagBadge
    on={user.isTenantAdmin}
    yes={['brand', 'Administrator']}
    no={['gray', 'Regular User']}
  />
);

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

/** Email, Verification, Role, Created, and the actions on every user but oneself. */
export function UsersTable({ users, isSelf, busyId, disabled, onToggleAdmin, onDelete }: Props) {
  const actions = { busyId, disabled, onToggleAdmin, onDelete };
  const columns: EntityColumn<User>[] = [
    { header: 'Email', cell: (user) => <EmailText user={user} self={isSelf(user)} /> },
    { header: 'Verification', cell: (user) => <VerificationBadge user={user} /> },
    { header: 'Role', cell: (user) => <RoleBadge user={user} /> },
    {
      header: 'Created',
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (user) => formatDate(user.createdAt),
    },
    {
      header: 'Actions',
      th: { ta: 'right' },
      cell: (user) => !isSelf(user) && <UserActions user={user} {...actions} />,
    },
  ];
  return (
    <EntityTable
      rows={users}
      columns={columns}
      testId="user-row"
      minWidth={780}
      loading={{ label: 'Loading users', lines: 3 }}
      phoneQuery="(max-width: 75em)"
      cards="divided"
      card={(user) => {
        const self = isSelf(user);
        return (
          <>
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
          </>
        );
      }}
    />
  );
}
