import { Affix, Button, Group, Paper, Text, ThemeIcon, Transition } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export interface UpdateBannerProps {
  visible: boolean;
  /** True after Reload was pressed while a form is dirty or changes are being pushed. */
  waiting: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

export function UpdateBanner({ visible, waiting, onReload, onDismiss }: UpdateBannerProps) {
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <Paper
            style={styles}
            shadow="lg"
            p="md"
            withBorder
            maw={380}
            role="status"
            aria-live="polite"
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
                <IconRefresh size={18} />
              </ThemeIcon>
              <div>
                <Text fw={600}>A new version is available</Text>
                <Text size="sm" c="dimmed">
                  {waiting
                    ? 'Finishing your unsaved work first — the app reloads as soon as it is done.'
                    : 'Reload to use the latest version of SMB Finance.'}
                </Text>
                <Group gap="xs" mt="sm">
                  <Button size="xs" onClick={onReload} loading={waiting}>
                    Reload
                  </Button>
                  <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
                    Later
                  </Button>
                </Group>
              </div>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
