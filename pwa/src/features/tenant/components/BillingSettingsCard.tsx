import { useState, type FormEvent } from 'react';
import {
  Card,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  isPaymentTerms,
  type BillingSettings,
  type BillingSettingsUpdate,
} from '@smb/shared-types/payments';
import { REMINDER_LIMITS } from '@smb/shared-types/reminders';
import { ValidationError } from '../../../db/errors';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import {
  RefusedChanges,
  SaveMessageAlert,
  type SaveMessage,
} from '../../../components/crud/SaveFeedback';
import { updateBillingSettings } from '../data/tenant';
import { SaveButton } from '../../../components/crud/RecordForm';
import { useAction } from '../../../lib/useAction';

export const BILLING_SAVED = 'Payment settings saved';
export const BILLING_SAVE_FAILED = 'Failed to save the payment settings';
export const BILLING_REFUSED = 'The server refused a change to the payment settings';

/**
 * Settings → General (admins): the default payment terms of new invoices and the reminder policy
 * (on or off; first reminder N days after the due date, then every M days, at most K). Read from
 * the tenant as last pulled and saved offline like the company details: only the fields changed
 * are sent (`tenant.updateBilling`), so another device's change of another field stays. `billing`
 * is undefined until the first pull that carries it.
 */
export function BillingSettingsCard({ billing }: { billing: BillingSettings | undefined }) {
  const [draft, setDraft] = useState<BillingSettingsUpdate>({});
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const form: BillingSettings | null = billing ? { ...billing, ...draft } : null;
  // Only what differs from the saved settings is a change.
  const changes = Object.fromEntries(
    Object.entries(draft).filter(
      ([key, value]) => billing?.[key as keyof BillingSettings] !== value,
    ),
  ) as BillingSettingsUpdate;
  const dirty = Object.keys(changes).length > 0;
  useUpdateGuard('billing-settings', dirty);

  const save = useAction(
    async () => {
      await updateBillingSettings(changes);
      setDraft({});
      setMessage({ ok: true, text: BILLING_SAVED });
    },
    (e) =>
      setMessage({
        ok: false,
        text: e instanceof ValidationError && e.message ? e.message : BILLING_SAVE_FAILED,
      }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setMessage(null);
    void save.run();
  };

  const set = <K extends keyof BillingSettings>(key: K, value: BillingSettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const whole = (value: number | string, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) ? value : fallback;

  return (
    <Card padding="lg" shadow="xs">
      <Title order={4}>Payments and Reminders</Title>
      <Text size="sm" c="dimmed" mb="md">
        The terms new invoices get (unless the customer has its own), and the e-mails that remind
        customers of overdue invoices.
      </Text>
      <SaveMessageAlert message={message} onClose={() => setMessage(null)} mb="md" />
      <RefusedChanges
        which={(r) => r.name === 'tenant.updateBilling'}
        title={BILLING_REFUSED}
        mb="md"
      />
      {!form ? (
        <Skeleton height={120} role="status" aria-label="Loading payment settings" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label="Default Payment Terms"
              data={PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] }))}
              value={form.defaultPaymentTerms}
              onChange={(v) => isPaymentTerms(v) && set('defaultPaymentTerms', v)}
              allowDeselect={false}
              maw={320}
            />
            <Switch
              label="E-mail payment reminders for overdue invoices"
              checked={form.remindersEnabled}
              onChange={(e) => set('remindersEnabled', e.currentTarget.checked)}
            />
            {/* Inputs line up at the bottom when one label wraps onto two lines. */}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" style={{ alignItems: 'end' }}>
              <NumberInput
                label="First reminder (days after due)"
                value={form.reminderFirstDays}
                min={REMINDER_LIMITS.firstDays.min}
                max={REMINDER_LIMITS.firstDays.max}
                allowDecimal={false}
                clampBehavior="strict"
                disabled={!form.remindersEnabled}
                onChange={(v) => set('reminderFirstDays', whole(v, form.reminderFirstDays))}
              />
              <NumberInput
                label="Then every (days)"
                value={form.reminderEveryDays}
                min={REMINDER_LIMITS.everyDays.min}
                max={REMINDER_LIMITS.everyDays.max}
                allowDecimal={false}
                clampBehavior="strict"
                disabled={!form.remindersEnabled}
                onChange={(v) => set('reminderEveryDays', whole(v, form.reminderEveryDays))}
              />
              <NumberInput
                label="At most (reminders)"
                value={form.reminderMax}
                min={REMINDER_LIMITS.max.min}
                max={REMINDER_LIMITS.max.max}
                allowDecimal={false}
                clampBehavior="strict"
                disabled={!form.remindersEnabled}
                onChange={(v) => set('reminderMax', whole(v, form.reminderMax))}
              />
            </SimpleGrid>
            <SaveButton saving={save.busy} dirty={dirty}>
              Save
            </SaveButton>
          </Stack>
        </form>
      )}
    </Card>
  );
}
