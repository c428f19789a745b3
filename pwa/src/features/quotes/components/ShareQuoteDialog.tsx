import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  IconCheck,
  IconCloudUpload,
  IconCopy,
  IconInfoCircle,
  IconLock,
} from '@tabler/icons-react';
import { publicQuoteUrl } from '@smb/shared-types/quotes';
import type { QuoteRow } from '../../../db/types';

/** The copy confirmation disappears after 2 s. */
export const COPIED_TIMEOUT_MS = 2000;

interface ShareQuoteDialogProps {
  quote: QuoteRow | null;
  tenantId: string | null;
  /** The quote has local changes not yet synced (its token comes with the next sync). */
  pending: boolean;
  onClose: () => void;
}

/** The public link of a sent quote, with a copy button. */
export function ShareQuoteDialog({ quote, tenantId, pending, onClose }: ShareQuoteDialogProps) {
  const token = quote?.accessToken ?? null;
  const url =
    quote && token && tenantId
      ? publicQuoteUrl(window.location.origin, tenantId, quote.id, token)
      : null;

  return (
    <Modal
      opened={quote !== null}
      onClose={onClose}
      title={<Text fw={700}>Share Quote{quote?.quoteNumber ? ` ${quote.quoteNumber}` : ''}</Text>}
      size="lg"
      centered
    >
      {url ? (
        <Stack gap="md">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Public link"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={url} timeout={COPIED_TIMEOUT_MS}>
              {({ copied, copy }) => (
                <Button
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  miw={110}
                >
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert variant="light" color="blue" icon={<IconLock size={18} />}>
            This link allows anyone to view the quote without logging in.
          </Alert>
        </Stack>
      ) : pending ? (
        <Alert variant="light" color="blue" icon={<IconCloudUpload size={18} />}>
          This quote was sent on this device and has not synced yet. The sharing link appears here
          as soon as the server has generated its access token.
        </Alert>
      ) : (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
          This quote doesn&apos;t have a sharing token. Send the quote again to generate a new
          access token.
        </Alert>
      )}
    </Modal>
  );
}
