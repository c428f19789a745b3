import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return null;
}

/** Error boundary for every route. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = describe(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={2}>Unexpected Application Error!</Title>
        <Text c="dimmed">
          Something broke on this screen. Your saved data is safe; reloading usually helps.
        </Text>
        {detail && (
          <Code block w="100%" style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>
            {detail}
          </Code>
        )}
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/" variant="default">
            Go to home page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
