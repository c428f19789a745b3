import {
  EINVOICE_PREFERENCES,
  EINVOICE_PREFERENCE_LABELS,
} from '@smb/shared-types/einvoice/preference';
import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  FileButton,
  Group,
  Image,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import {
  COMPANY_LIMITS,
  COMPANY_MESSAGES,
  EMPTY_COMPANY_DETAILS,
  paperSizeOf,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  QUOTE_VALIDITY_DAYS_RANGE,
  type CompanyDetails,
  type CompanyDetailsUpdateBody,
} from '@smb/shared-types/company';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGES,
  DOCUMENT_LANGUAGE_NAMES,
} from '@smb/shared-types/document-language';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { ValidationError } from '../../../db/errors';
import { useAuth } from '../../../lib/auth-context';
import { removeCompanyLogo, updateCompanyDetails, uploadCompanyLogo } from '../data/tenant';
import { SaveButton } from '../../../components/crud/RecordForm';
import { useAction } from '../../../lib/useAction';
import { localeOptions } from '../../../lib/formats';
import { DEFAULT_LOCALE } from '@smb/shared-types/locale-numbers';

import { PartyIdentityFields, type PartyValues } from '../../../components/PartyIdentityFields';
import { TimeZoneSelect } from './TimeZoneSelect';
import { PARTY_FIELDS } from '@smb/shared-types/parties';
import { SettingsCard } from '../../../components/crud/SettingsCard';

type TextField = keyof typeof COMPANY_LIMITS;

const LANGUAGE_OPTIONS = DOCUMENT_LANGUAGES.map((l) => ({
  value: l,
  label: DOCUMENT_LANGUAGE_NAMES[l],
}));

const FIELDS: Array<{ key: TextField; label: string; placeholder: string; multiline?: boolean }> = [
  { key: 'legalName', label: 'Legal Name', placeholder: 'e.g. Acme Plumbing Ltd' },
  { key: 'taxId', label: 'Tax Number', placeholder: 'Tax office number, e.g. 21/815/08150' },
  { key: 'email', label: 'Email', placeholder: 'billing@example.com' },
  { key: 'phone', label: 'Phone', placeholder: '+1 555 0100' },
  { key: 'website', label: 'Website', placeholder: 'https://example.com' },
  { key: 'country', label: 'Country', placeholder: 'Two letters, e.g. US' },
  {
    key: 'address',
    label: 'Address',
    placeholder: 'Street and number\nSecond line',
    multiline: true,
  },
  {
    key: 'paymentInstructions',
    label: 'Payment Instructions',
    placeholder: 'Bank, IBAN / account and routing number, reference to quote',
    multiline: true,
  },
  {
    key: 'documentFooter',
    label: 'Document Footer',
    placeholder: 'e.g. registered office, company number',
    multiline: true,
  },
];

/** Settings → General: what quotes, orders and invoices print about the company (admins). */
export function CompanyDetailsCard({ company }: { company: CompanyDetails | undefined }) {
  const saved = company ?? EMPTY_COMPANY_DETAILS;
  const { token } = useAuth();
  const [draft, setDraft] = useState<CompanyDetailsUpdateBody>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const dirty = Object.keys(draft).length > 0;
  useUpdateGuard('company-details', dirty);

  const sha = saved.logo?.sha256 ?? null;
  useEffect(() => {
    if (!sha || !navigator.onLine) return setLogoUrl(null);
    let url: string | null = null;
    void fetch('/api/tenants/current/logo', {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob) return;
        url = URL.createObjectURL(blob);
        setLogoUrl(url);
      })
      .catch(() => setLogoUrl(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [sha, token]);

  const value = (key: keyof CompanyDetailsUpdateBody) =>
    (draft[key] !== undefined ? draft[key] : saved[key]) ?? '';
  const set = (key: keyof CompanyDetailsUpdateBody, next: string) =>
    setDraft((d) => ({ ...d, [key]: next }));

  const save = useAction(
    async () => {
      await updateCompanyDetails(draft);
      setDraft({});
      setMessage({ ok: true, text: COMPANY_MESSAGES.saved });
    },
    (cause) =>
      setMessage({
        ok: false,
        text:
          cause instanceof ValidationError && cause.message
            ? cause.message
            : COMPANY_MESSAGES.saveFailed,
      }),
  );
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setMessage(null);
    void save.run();
  };

  const changeLogo = useAction(
    async (file: File | null, remove: boolean) => {
      if (remove) await removeCompanyLogo(token);
      else if (file) await uploadCompanyLogo(file, token);
    },
    (cause) =>
      setMessage({
        ok: false,
        text: cause instanceof Error && cause.message ? cause.message : COMPANY_MESSAGES.saveFailed,
      }),
  );
  const logo = (file: File | null, remove = false) => {
    setMessage(null);
    void changeLogo.run(file, remove);
  };

  const fromCountry = paperSizeOf({ paperSize: null, country: String(value('country')) || null });
  return (
    <SettingsCard
      title="Company Details on Documents"
      description="Printed on the PDFs of quotes, orders and invoices. Empty fields are left out."
      message={message}
      onDismiss={() => setMessage(null)}
    >
      <Stack gap={4} mb="lg">
        <Input.Label id="company-logo-label">Logo</Input.Label>
        <Group gap="md" align="center">
          <Paper
            withBorder
            radius="sm"
            w={200}
            h={72}
            p={6}
            aria-labelledby="company-logo-label"
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
            }}
          >
            {logoUrl ? (
              <Image src={logoUrl} alt="Company logo" mah={58} maw={186} w="auto" fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                No logo
              </Text>
            )}
          </Paper>
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton accept="image/png,image/jpeg" onChange={(file) => logo(file)}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    loading={changeLogo.busy}
                    leftSection={<IconPhotoUp size={16} />}
                  >
                    {sha ? 'Replace Logo' : 'Upload Logo'}
                  </Button>
                )}
              </FileButton>
              {sha && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => logo(null, true)}
                  disabled={changeLogo.busy}
                >
                  Remove
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              PNG or JPEG, at most 1 MB. Needs a connection.
            </Text>
          </Stack>
        </Group>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.filter((f) => !f.multiline).map((f) => (
              <TextInput
                key={f.key}
                label={f.label}
                placeholder={f.placeholder}
                value={String(value(f.key))}
                maxLength={f.key === 'country' ? 2 : COMPANY_LIMITS[f.key]}
                onChange={(e) => set(f.key, e.currentTarget.value)}
              />
            ))}
            <Select
              label="Paper Size"
              data={[
                { value: '', label: `From country (${fromCountry})` },
                { value: 'A4', label: 'A4' },
                { value: 'Letter', label: 'US Letter' },
              ]}
              value={String(value('paperSize'))}
              onChange={(next) => set('paperSize', next ?? '')}
              allowDeselect={false}
            />
            <Select
              label="Number and Date Format"
              description="How amounts and dates are shown and typed in this app."
              data={localeOptions(saved.locale)}
              value={String(value('locale') || DEFAULT_LOCALE)}
              onChange={(next) => set('locale', next ?? DEFAULT_LOCALE)}
              allowDeselect={false}
              searchable
            />
            <TimeZoneSelect
              value={String(value('timeZone'))}
              country={String(value('country')) || null}
              onChange={(next) => set('timeZone', next)}
            />
            <Select
              label="Document language"
              description="Documents and e-mails for customers without a language of their own"
              data={LANGUAGE_OPTIONS}
              value={String(value('documentLanguage') || DEFAULT_DOCUMENT_LANGUAGE)}
              onChange={(next) => set('documentLanguage', next ?? DEFAULT_DOCUMENT_LANGUAGE)}
              allowDeselect={false}
            />
            <Select
              label="E-invoice format"
              description="For customers without a format of their own"
              data={EINVOICE_PREFERENCES.map((f) => ({
                value: f,
                label: EINVOICE_PREFERENCE_LABELS[f],
              }))}
              value={String(value('einvoiceFormat') || 'none')}
              onChange={(next) => set('einvoiceFormat', next ?? 'none')}
              allowDeselect={false}
            />
            <NumberInput
              label="Quotes valid for (days after sending)"
              description="Each quote can set its own valid-until date while it is a draft."
              min={QUOTE_VALIDITY_DAYS_RANGE.min}
              max={QUOTE_VALIDITY_DAYS_RANGE.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={Number(value('quoteValidityDays')) || DEFAULT_QUOTE_VALIDITY_DAYS}
              onChange={(next) =>
                setDraft((d) => ({
                  ...d,
                  quoteValidityDays: typeof next === 'number' ? next : DEFAULT_QUOTE_VALIDITY_DAYS,
                }))
              }
            />
          </SimpleGrid>
          {FIELDS.filter((f) => f.multiline).map((f) => (
            <Textarea
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              value={String(value(f.key))}
              maxLength={COMPANY_LIMITS[f.key]}
              autosize
              minRows={2}
              maxRows={6}
              onChange={(e) => set(f.key, e.currentTarget.value)}
            />
          ))}
          <div>
            <Text fw={600}>Identity on Invoices</Text>
            <Text size="sm" c="dimmed">
              The rest of the address above, tax and registration numbers, where e-invoices reach
              you, and the account customers pay into.
            </Text>
          </div>
          <PartyIdentityFields
            values={Object.fromEntries(PARTY_FIELDS.map((f) => [f, value(f)])) as PartyValues}
            onChange={(field, next) => set(field, next)}
            country={String(value('country')) || null}
            showAll={tried}
          />
          <SaveButton saving={save.busy} dirty={dirty}>
            Save Company Details
          </SaveButton>
        </Stack>
      </form>
    </SettingsCard>
  );
}
