import { useState, type FormEvent } from 'react';
import { Alert, Code, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import {
  NUMBERING_KINDS,
  NUMBERING_MESSAGES,
  nextDocumentNumberPreview,
  numberingPatternProblem,
  type NumberingKind,
  type NumberingUpdateBody,
} from '@smb/shared-types/numbering';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { SaveButton } from '../../../components/crud/RecordForm';
import type { SaveMessage } from '../../../components/crud/SaveFeedback';
import { errorText } from '../../../lib/api-client';
import { useOnlineLoad } from '../../../lib/useOnlineLoad';
import { useUpdateGuard } from '../../../lib/useUpdateGuard';
import { useAction } from '../../../lib/useAction';
import { fetchNumbering, saveNumbering } from '../data/numbering';
import { SettingsCard } from '../../../components/crud/SettingsCard';

export const NUMBERING_LOAD_FAILED = 'Failed to load the numbering. Please try again later.';

type Drafts = Partial<Record<NumberingKind, string>>;

/**
 * Settings → General (admins, online): a numbering pattern per document type with a live preview
 * of the next number — computed here with the server's counts of the periods a pattern could
 * count in today, so it is the number the server will give. Empty: the default (Q-0001).
 */
export function NumberingCard() {
  const {
    online,
    token,
    data: settings,
    setData: setSettings,
    loadFailed,
  } = useOnlineLoad(fetchNumbering);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [message, setMessage] = useState<SaveMessage | null>(null);

  const saved = (kind: string) => settings?.kinds.find((k) => k.kind === kind)?.pattern ?? '';
  const changes = Object.fromEntries(
    Object.entries(drafts).filter(([kind, value]) => value.trim() !== saved(kind)),
  ) as Drafts;
  const dirty = Object.keys(changes).length > 0;
  useUpdateGuard('numbering-settings', dirty);
  const problems = Object.fromEntries(
    Object.entries(changes).map(([kind, value]) => [
      kind,
      value.trim() ? numberingPatternProblem(value.trim()) : null,
    ]),
  ) as Partial<Record<NumberingKind, string | null>>;

  const save = useAction(
    async () => {
      if (!token) return;
      const body: NumberingUpdateBody = Object.fromEntries(
        Object.entries(changes).map(([kind, value]) => [kind, value.trim() || null]),
      );
      setSettings(await saveNumbering(token, body));
      setDrafts({});
      setMessage({ ok: true, text: NUMBERING_MESSAGES.saved });
    },
    (cause) => setMessage({ ok: false, text: errorText(cause, NUMBERING_MESSAGES.saveFailed) }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!dirty || Object.values(problems).some(Boolean)) return;
    void save.run();
  };

  return (
    <SettingsCard
      title="Document Numbers"
      description={
        <>
          How new quotes, orders and invoices are numbered. Placeholders: <Code>{'{YYYY}'}</Code> or{' '}
          <Code>{'{YY}'}</Code> the year (numbering starts again each year), <Code>{'{MM}'}</Code>{' '}
          the month (starts again each month), and the running number as zeros, e.g.{' '}
          <Code>{'{0000}'}</Code>. Leave a field empty for the default numbers. Documents already
          numbered keep their numbers.
        </>
      }
      notice={<OfflineNotice action="Changing the numbering" />}
      message={message}
      onDismiss={() => setMessage(null)}
    >
      {loadFailed ? (
        <Alert color="red">{NUMBERING_LOAD_FAILED}</Alert>
      ) : !settings ? (
        online && <Skeleton height={80} role="status" aria-label="Loading the numbering" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {settings.kinds.map((k) => {
                const kind = k.kind as NumberingKind;
                const value = drafts[kind] ?? k.pattern ?? '';
                const problem = problems[kind] ?? null;
                const pattern = value.trim() || null;
                return (
                  <TextInput
                    key={kind}
                    label={k.label}
                    placeholder={NUMBERING_KINDS[kind]?.example ?? `${k.defaultPrefix}-{0000}`}
                    value={value}
                    maxLength={60}
                    onChange={(e) => {
                      const next = e.currentTarget.value;
                      setDrafts((d) => ({ ...d, [kind]: next }));
                    }}
                    error={problem}
                    description={
                      problem
                        ? undefined
                        : `Next: ${nextDocumentNumberPreview(pattern, k.defaultPrefix, settings.today, k.counts)}`
                    }
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    disabled={!online}
                  />
                );
              })}
            </SimpleGrid>
            <SaveButton saving={save.busy} dirty={dirty && online}>
              Save
            </SaveButton>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
