import { useEffect, useState, type FormEvent } from 'react';
import {
  Card,
  CopyButton,
  Group,
  Skeleton,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { companyNameError } from '@smb/shared-types/tenants';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { ValidationError } from '../../../db/errors';
import type { SaveMessage } from '../../../components/crud/SaveFeedback';
import { useAuth } from '../../../lib/auth-context';
import { updateTenant } from '../data/tenant';
import { CompanyDetailsCard } from '../components/CompanyDetailsCard';
import { BillingSettingsCard } from '../components/BillingSettingsCard';
import { NumberingCard } from '../components/NumberingCard';
import { ThisDeviceCard } from '../../../components/device/ThisDeviceCard';
import { useLocalTenant } from '../../../db/live';
import { useAction } from '../../../lib/useAction';
import { formatLocale } from '../../../lib/formats';
import { FieldLabel } from '../../../components/FieldLabel';
import { SettingsCard } from '../../../components/crud/SettingsCard';
import { FieldWithSubmit } from '../../../components/crud/FieldWithSubmit';

export const TENANT_SAVED = 'Company information updated successfully!';
export const TENANT_SAVE_FAILED = 'Failed to update company information';

function ReadOnlyField({
  label,
  value,
  copy = false,
}: {
  label: string;
  value: string;
  copy?: boolean;
}) {
  return (
    <div>
      <FieldLabel>{label}</FieldLabel>
      <Group gap={4} wrap="nowrap">
        <Text
          fw={500}
          ff={copy ? 'monospace' : undefined}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={label}
        >
          {value}
        </Text>
        {copy && value !== '—' && (
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy: doCopy }) => (
              <Tooltip label={copied ? 'Copied!' : `Copy ${label}`} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  size="sm"
                  onClick={doCopy}
                  aria-label={`Copy ${label}`}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

function formatCreated(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString(formatLocale(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** /dashboard/settings/tenant (General): company name, saved offline-first, and account facts. */
export default function TenantSettingsScreen() {
  const tenant = useLocalTenant();
  const { claims } = useAuth();
  const [name, setName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);

  const savedName = tenant?.naturalName ?? '';
  const value = name ?? savedName;
  const dirty = name !== null && name !== savedName;
  useUpdateGuard('tenant-settings', dirty);

  // Once the saved name catches up with what was typed, the field follows the store again.
  useEffect(() => {
    if (name !== null && name === savedName) setName(null);
  }, [name, savedName]);

  const save = useAction(
    async () => {
      await updateTenant(value);
      setName(value.trim());
      setMessage({ ok: true, text: TENANT_SAVED });
    },
    (cause) =>
      setMessage({
        ok: false,
        text:
          cause instanceof ValidationError && cause.message ? cause.message : TENANT_SAVE_FAILED,
      }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const problem = companyNameError(value);
    setFieldError(problem);
    if (!problem) void save.run();
  };

  return (
    <Stack gap="lg" maw={760}>
      <SettingsCard
        title="Company Information"
        description="The name shown in the header and on the quotes you send."
        message={message}
        onDismiss={() => setMessage(null)}
        refused={{ which: (r) => r.name === 'tenant.update', title: TENANT_SAVE_FAILED }}
      >
        {tenant === undefined ? (
          <Skeleton height={60} role="status" aria-label="Loading company information" />
        ) : (
          <form onSubmit={submit} noValidate>
            <FieldWithSubmit
              label="Save Changes"
              icon={<IconDeviceFloppy size={16} />}
              busy={save.busy}
            >
              <TextInput
                label="Company Name"
                placeholder="e.g. Acme Plumbing Ltd"
                required
                value={value}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setFieldError(null);
                }}
                error={fieldError}
                maxLength={200}
                style={{ flex: 1 }}
              />
            </FieldWithSubmit>
          </form>
        )}
      </SettingsCard>

      {tenant && <CompanyDetailsCard company={tenant.company} />}
      {tenant && <BillingSettingsCard billing={tenant.billing} />}
      <NumberingCard />
      <ThisDeviceCard />

      <Card padding="lg" shadow="xs">
        <Title order={4} mb="md">
          Account Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <ReadOnlyField label="Company ID" value={tenant?.id ?? claims?.tenantId ?? '—'} copy />
          <ReadOnlyField
            label="Schema Name"
            value={tenant?.schemaName ?? claims?.tenantSchema ?? '—'}
            copy
          />
          <ReadOnlyField label="Created Date" value={formatCreated(tenant?.createdAt)} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
