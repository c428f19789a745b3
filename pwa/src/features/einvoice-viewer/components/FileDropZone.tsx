import { useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';

export const EINVOICE_ACCEPT = '.xml,.pdf,application/xml,text/xml,application/pdf';

/**
 * Where a file comes in: dropped anywhere on the zone, or picked with its button (the keyboard
 * path). `compact` is the slim bar shown above an open document.
 */
export function FileDropZone({
  onFile,
  busy,
  compact,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  compact?: boolean;
}) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  const button = (
    <FileButton onChange={(file) => file && onFile(file)} accept={EINVOICE_ACCEPT}>
      {(props) => (
        <Button
          {...props}
          loading={busy}
          variant={compact ? 'default' : 'filled'}
          leftSection={<IconUpload size={16} />}
        >
          {compact ? 'Open another file' : 'Choose a file'}
        </Button>
      )}
    </FileButton>
  );
  return (
    <Paper
      data-testid="einvoice-drop-zone"
      withBorder
      radius="md"
      p={compact ? 'sm' : 'xl'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-color-blue-6)' : undefined,
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      {compact ? (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            Drop another e-invoice here to open it instead.
          </Text>
          {button}
        </Group>
      ) : (
        <Stack align="center" gap="sm" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconFileUpload size={30} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            Drop a supplier’s e-invoice here
          </Text>
          <Text size="sm" c="dimmed" maw={460}>
            UBL (Peppol BIS, XRechnung) or CII XML, or a Factur-X / ZUGFeRD PDF. It is read on this
            device, works offline, and nothing is uploaded or stored.
          </Text>
          {button}
        </Stack>
      )}
    </Paper>
  );
}
