import { useState, type FormEvent } from 'react';
import { NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch } from '@mantine/core';
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
import type { SaveMessage } from '../../../components/crud/SaveFeedback';
import { updateBillingSettings } from '../data/tenant';
import { SaveButton } from '../../../components/crud/RecordForm';
import { useAction } from '../../../lib/useAction';
import { SettingsCard } from '../../../components/crud/SettingsCard';

/** The three numbers of the reminder policy, each with its allowed range. */
const REMINDER_FIELDS = [
  {
    key: 'reminderFirstDays',
    label: 'First reminder (days after due)',
    limits: REMINDER_LIMITS.firstDays,
  },
  { key: 'reminderEveryDays', label: 'Then every (days)', limits: REMINDER_LIMITS.everyDays },
  { key: 'reminderMax', label: 'At most (reminders)', limits: REMINDER_LIMITS.max },
] as const;

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
    <SettingsCard
      title="Payments and Reminders"
      description={
        <>
          The terms new invoices get (unless the customer has its own), and the e-mails that remind
          customers of overdue invoices.
        </>
      }
      message={message}
      onDismiss={() => setMessage(null)}
      refused={{ which: (r) => r.name === 'tenant.updateBilling', title: BILLING_REFUSED }}
    >
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
              {REMINDER_FIELDS.map(({ key, label, limits }) => (
                <NumberInput
                  key={key}
                  label={label}
                  value={form[key]}
                  min={limits.min}
                  max={limits.max}
                  allowDecimal={false}
                  clampBehavior="strict"
                  disabled={!form.remindersEnabled}
                  onChange={(v) => set(key, whole(v, form[key]))}
                />
              ))}
            </SimpleGrid>
            <SaveButton saving={save.busy} dirty={dirty}>
              Save
            </SaveButton>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
