import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import classes from './AuthFrame.module.css';

/** The frame all account screens share, with Back to Home. */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box className={classes.page}>
      <Center mih="100vh" px="md" py={40}>
        <Stack w="100%" maw={460} gap="lg">
          <Group justify="space-between">
            <Anchor component={Link} to="/" underline="never" aria-label="SMB Finance home">
              <Logo />
            </Anchor>
            <Anchor component={Link} to="/" size="sm" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconArrowLeft size={14} />
                Back to Home
              </Group>
            </Anchor>
          </Group>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={6}>
                {subtitle}
              </Text>
            )}
            <Box mt="lg">{children}</Box>
          </Paper>
          {footer && (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
