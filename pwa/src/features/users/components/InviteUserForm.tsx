import { useState, type FormEvent } from 'react';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { IconMail, IconSend } from '@tabler/icons-react';
import { USER_MESSAGES } from '@smb/shared-types/users';
import { isEmail } from '@smb/shared-types/validation';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { useAction } from '../../../lib/useAction';
import { SettingsCard } from '../../../components/crud/SettingsCard';
import { FieldWithSubmit } from '../../../components/crud/FieldWithSubmit';

export const INVITE_FAILED = 'Failed to invite user. The email may already be registered.';

interface Props {
  disabled: boolean;
  onInvite: (email: string, isTenantAdmin: boolean) => Promise<void>;
}

/** Invite by e-mail, optionally as administrator. */
export function InviteUserForm({ disabled, onInvite }: Props) {
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useUpdateGuard('invite-user', email.trim() !== '');

  const send = useAction(
    async (value: string) => {
      await onInvite(value, isAdmin);
      setEmail('');
      setIsAdmin(false);
      setMessage({ ok: true, text: `Invitation sent to ${value}.` });
    },
    () => setMessage({ ok: false, text: INVITE_FAILED }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const value = email.trim();
    const problem = !value
      ? USER_MESSAGES.emailRequired
      : !isEmail(value)
        ? USER_MESSAGES.invalidEmail
        : null;
    setFieldError(problem);
    if (!problem) void send.run(value);
  };

  return (
    <SettingsCard
      title="Invite a User"
      description="They receive an e-mail with a code to join your company. The code is valid for 24 hours."
      message={message}
      onDismiss={() => setMessage(null)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FieldWithSubmit
            label="Send Invitation"
            icon={<IconSend size={16} />}
            busy={send.busy}
            disabled={disabled}
          >
            <TextInput
              label="Email"
              type="email"
              placeholder="colleague@company.com"
              required
              leftSection={<IconMail size={16} />}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              disabled={disabled}
              style={{ flex: 1 }}
            />
          </FieldWithSubmit>
          <Checkbox
            label="Administrator"
            description="Can manage settings and users"
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.currentTarget.checked)}
            disabled={disabled}
          />
        </Stack>
      </form>
    </SettingsCard>
  );
}
