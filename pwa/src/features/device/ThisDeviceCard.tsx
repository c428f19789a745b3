import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEVICE_NAME_MAX } from '@smb/shared-types/sync';
import { useDatabase } from '../../db/current';
import type { SmbDatabase } from '../../db/database';
import { getMeta, setMeta } from '../../db/meta';

export const DEVICE_NAME_SAVED = 'Device name saved';

/** Saves this device's name (sent with the next push); blank clears it. */
export async function saveDeviceName(db: SmbDatabase, name: string): Promise<void> {
  await setMeta(db, 'deviceName', name.trim().slice(0, DEVICE_NAME_MAX));
}

/**
 * "This device": the name conflicts show for changes made here ("Anna's tablet"), so one person
 * on two devices can tell which device's value was overwritten. Kept on this device only.
 */
export function DeviceNameCard() {
  const db = useDatabase();
  const stored = useLiveQuery(
    async () => (db ? ((await getMeta(db, 'deviceName')) ?? '') : ''),
    [db],
  );
  const [name, setName] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (stored !== undefined) setName(stored);
  }, [stored]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!db) return;
    await saveDeviceName(db, name);
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
              setName(e.currentTarget.value);
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
        </Stack>
      </form>
    </Card>
  );
}
