import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { DOCUMENT_MAIL_LIMITS, DOCUMENT_MAIL_MESSAGES } from '@smb/shared-types/document-mail';
import { useDatabase } from '../../db/current';
import {
  mailDraft,
  queueDocumentMail,
  type MailDraft,
  type MailKind,
  type MailedRow,
} from './document-mail';

const TITLES: Record<MailKind, string> = {
  invoice: 'E-mail invoice',
  order: 'E-mail order confirmation',
  credit_note: 'E-mail credit note',
};

/**
 * The mail of an invoice or an order confirmation, shown as it will be sent: the recipient (the
 * document's contact), the subject and the text in the customer's document language — all
 * editable — the sender (the company's name, replies to its e-mail) and the PDF attached.
 */
export function DocumentMailDialog({
  kind,
  doc,
  label,
  onClose,
  onSent,
}: {
  kind: MailKind;
  doc: MailedRow | null;
  label: string;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const db = useDatabase();
  const [draft, setDraft] = useState<MailDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setDraft(null);
    setError(null);
    if (!doc || !db) return;
    let live = true;
    void mailDraft(kind, doc, db).then((d) => live && setDraft(d));
    return () => {
      live = false;
    };
  }, [kind, doc, db]);

  const set = (key: 'to' | 'subject' | 'text', value: string) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));

  const send = async () => {
    if (!draft || !doc) return;
    setSending(true);
    setError(null);
    try {
      const to = await queueDocumentMail(kind, doc.id, draft, db ?? undefined);
      onSent(
        navigator.onLine ? DOCUMENT_MAIL_MESSAGES.sent(to) : DOCUMENT_MAIL_MESSAGES.queued(to),
      );
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : DOCUMENT_MAIL_MESSAGES.mailFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={doc !== null} onClose={onClose} title={`${TITLES[kind]} ${label}`} size="lg">
      {draft && (
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Paper withBorder p="sm" bg="gray.0">
            <Text size="sm">
              <Text span fw={600}>
                From:
              </Text>{' '}
              {draft.company}
              {draft.replyTo ? ` (replies go to ${draft.replyTo})` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              Written in {draft.languageName}, the customer’s document language
            </Text>
          </Paper>
          <TextInput
            label="To"
            type="email"
            required
            value={draft.to}
            onChange={(e) => set('to', e.currentTarget.value)}
            maxLength={254}
          />
          <TextInput
            label="Subject"
            required
            value={draft.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            maxLength={DOCUMENT_MAIL_LIMITS.subject}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={6}
            maxRows={14}
            value={draft.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            maxLength={DOCUMENT_MAIL_LIMITS.text}
          />
          <Stack gap={4}>
            {draft.attachments.map((file) => (
              <Group key={file} gap={6} wrap="nowrap">
                <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {file}
                </Text>
              </Group>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              loading={sending}
              onClick={() => void send()}
            >
              Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
