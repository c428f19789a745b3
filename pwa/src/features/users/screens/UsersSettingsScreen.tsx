import { useCallback, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { DeleteModal } from '../../../components/crud/DeleteModal';
import { useAuth } from '../../../lib/auth-context';
import { useOnlineLoad } from '../../../lib/useOnlineLoad';
import { deleteUser, fetchUsers, inviteUser, setUserRole, type User } from '../data/users-api';
import { InviteUserForm } from '../components/InviteUserForm';
import { UsersTable } from '../components/UsersTable';
import { SaveMessageAlert } from '../../../components/crud/SaveFeedback';

export const USERS_LOAD_FAILED = 'Failed to load users. Please try again later.';
export const ROLE_FAILED = 'Failed to update user role. Please try again.';
export const DELETE_USER_FAILED = 'Failed to delete user. Please try again.';
export const DELETE_USER_CONFIRM =
  'Are you sure you want to delete this user? This action cannot be undone.';

/** /dashboard/settings/users: user management for administrators, online only. */
export default function UsersSettingsScreen() {
  const { claims } = useAuth();
  const {
    online,
    token,
    data: users,
    setData: setUsers,
    loadFailed,
    retry,
  } = useOnlineLoad(fetchUsers);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const isSelf = useCallback(
    (user: User) =>
      (!!claims?.sub && user.id === claims.sub) ||
      (!!claims?.email && user.email.toLowerCase() === claims.email.toLowerCase()),
    [claims],
  );

  const invite = async (email: string, isTenantAdmin: boolean) => {
    if (!token) throw new Error('Not signed in');
    const created = await inviteUser(token, { email, isTenantAdmin });
    setUsers((list) =>
      list && !list.some((u) => u.id === created.id) ? [...list, created] : list,
    );
  };

  const toggleAdmin = async (user: User) => {
    if (!token) return;
    setBusyId(user.id);
    setMessage(null);
    try {
      const updated = await setUserRole(token, user.id, !user.isTenantAdmin);
      const next = {
        ...user,
        ...updated,
        isTenantAdmin: updated?.isTenantAdmin ?? !user.isTenantAdmin,
      };
      setUsers((list) => list?.map((u) => (u.id === user.id ? next : u)));
      setMessage({
        ok: true,
        text: next.isTenantAdmin
          ? `${user.email} is now an administrator.`
          : `${user.email} is now a regular user.`,
      });
    } catch {
      setMessage({ ok: false, text: ROLE_FAILED });
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!token || !deleting) return;
    const user = deleting;
    setBusyId(user.id);
    setMessage(null);
    try {
      await deleteUser(token, user.id);
      setUsers((list) => list?.filter((u) => u.id !== user.id));
      setMessage({ ok: true, text: `${user.email} was deleted.` });
    } catch {
      setMessage({ ok: false, text: DELETE_USER_FAILED });
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  };

  const deleteBusy = deleting !== null && busyId === deleting.id;

  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Users</Title>
        <Text size="sm" c="dimmed">
          The people who can sign in to your company account.
        </Text>
      </div>

      <OfflineNotice action="User management" />

      <InviteUserForm disabled={!online} onInvite={invite} />

      <SaveMessageAlert message={message} onClose={() => setMessage(null)} />

      {loadFailed && online ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{USERS_LOAD_FAILED}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={retry}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !online && !users ? null : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <UsersTable
            users={users}
            isSelf={isSelf}
            busyId={busyId}
            disabled={!online}
            onToggleAdmin={(user) => void toggleAdmin(user)}
            onDelete={setDeleting}
          />
        </Paper>
      )}

      <DeleteModal
        title="Delete User"
        warning={DELETE_USER_CONFIRM}
        name={deleting && deleting.email}
        busy={deleteBusy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
