import { useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Flex, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconSend } from '@tabler/icons-react';
import { USER_MESSAGES } from '@smb/shared-types/users';
import { isEmail } from '@smb/shared-types/validation';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { SaveMessageAlert } from '../../../components/crud/SaveFeedback';
import { useAction } from '../../../lib/useAction';

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
    <Card padding="lg" shadow="xs">
      <Title order={4}>Invite a User</Title>
      <Text size="sm" c="dimmed" mb="md">
        They receive an e-mail with a code to join your company. The code is valid for 24 hours.
      </Text>
      <SaveMessageAlert message={message} onClose={() => setMessage(null)} mb="md" />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Flex
            direction={{ base: 'column', xs: 'row' }}
            gap="sm"
            align={{ base: 'stretch', xs: 'flex-start' }}
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
            <Button
              type="submit"
              loading={send.busy}
              disabled={disabled}
              leftSection={<IconSend size={16} />}
              mt={{ base: 0, xs: 25 }}
            >
              Send Invitation
            </Button>
          </Flex>
          <Checkbox
            label="Administrator"
            description="Can manage settings and users"
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.currentTarget.checked)}
            disabled={disabled}
          />
        </Stack>
      </form>
    </Card>
  );
}
