import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloudUpload,
  IconDatabase,
  IconDeviceFloppy,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEVICE_NAME_MAX } from '@smb/shared-types/sync';
import { useDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import { getMeta, setMeta } from '../../db/meta';
import { SYNC_MESSAGES } from '../sync/messages';
import { useSyncStatus } from '../../sync/useSyncStatus';
import {
  STORAGE_MESSAGES,
  readStorageInfo,
  type StorageInfo,
  type StorageManagerLike,
} from './storage';

export const DEVICE_NAME_SAVED = 'Device name saved';

/** Saves this device's name (sent with the next push); blank clears it. */
export async function saveDeviceName(db: SmbDatabase, name: string): Promise<void> {
  await setMeta(db, 'deviceName', name.trim().slice(0, DEVICE_NAME_MAX));
}

function Line({
  icon,
  children,
  testId,
}: {
  icon: React.ReactNode;
  children: string;
  testId: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <span style={{ display: 'inline-flex', flex: 'none', marginTop: 1 }}>{icon}</span>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * "This device": the name conflicts show for changes made here ("Anna's tablet"), so one person
 * on two devices can tell which device's value was overwritten (kept on this device only); and
 * what the browser keeps — whether storage is persistent, space used and left, changes waiting.
 */
export function ThisDeviceCard({ storage }: { storage?: StorageManagerLike } = {}) {
  const db = useDatabase();
  // The same number as the sync indicator and the Sync issues panel: one source.
  const { pendingCount: pending } = useSyncStatus();
  const [info, setInfo] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let live = true;
    void readStorageInfo(storage ?? navigator.storage).then((next) => live && setInfo(next));
    return () => {
      live = false;
    };
  }, [storage, pending]);
  const stored = useLiveQuery(
    async () => (db ? ((await getMeta(db, 'deviceName')) ?? '') : ''),
    [db],
  );
  // What the user typed, until saved; the stored name otherwise. (Loading the stored name never
  // overwrites typing that began before it arrived.)
  const [draft, setDraft] = useState<string | null>(null);
  const name = draft ?? stored ?? '';
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!db) return;
    await saveDeviceName(db, name);
    setDraft(null);
    setSaved(true);
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <div>
            <Title order={4}>This device</Title>
            <Text size="sm" c="dimmed">
              Sync conflicts name the device a change came from.
            </Text>
          </div>
          <TextInput
            label="Device name"
            placeholder="e.g. Anna's tablet"
            maxLength={DEVICE_NAME_MAX}
            value={name}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setSaved(false);
            }}
          />
          <Group justify="space-between">
            <Text size="sm" c="green" role="status">
              {saved ? DEVICE_NAME_SAVED : ''}
            </Text>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!db || name.trim() === (stored ?? '')}
            >
              Save device name
            </Button>
          </Group>
          <Divider />
          <Title order={5}>Offline storage</Title>
          {info && (
            <Stack gap={6}>
              <Line
                testId="storage-persisted"
                icon={
                  info.persisted ? (
                    <IconShieldCheck size={18} color="var(--mantine-color-green-7)" />
                  ) : (
                    <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" />
                  )
                }
              >
                {info.persisted === null
                  ? STORAGE_MESSAGES.unknown
                  : info.persisted
                    ? STORAGE_MESSAGES.persisted
                    : STORAGE_MESSAGES.notPersisted}
              </Line>
              <Line testId="storage-usage" icon={<IconDatabase size={18} />}>
                {info.usage !== null && info.quota !== null
                  ? STORAGE_MESSAGES.usage(info.usage, info.quota)
                  : STORAGE_MESSAGES.usageUnknown}
              </Line>
              <Line testId="storage-pending" icon={<IconCloudUpload size={18} />}>
                {pending ? SYNC_MESSAGES.waiting(pending) : SYNC_MESSAGES.nothingWaiting}
              </Line>
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
