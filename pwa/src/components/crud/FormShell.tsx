import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from './PageHeader';

/** Frame of a create/edit screen: back link, title, success message and a card with the form. */
export function FormShell({
  backTo,
  backLabel,
  title,
  description,
  success,
  banner,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  description?: ReactNode;
  success?: string | null;
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={backTo} size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {backLabel}
        </Group>
      </Anchor>
      <PageHeader title={title} description={description} />
      {success && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {success}
        </Alert>
      )}
      {banner}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** A record's form while the record loads: three field-high placeholders. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}
