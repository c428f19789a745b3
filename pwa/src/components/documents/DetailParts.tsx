import type { ReactNode } from 'react';
import { Alert, Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** "Back to Invoices": the link above a document's detail screen to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> {label}
      </Group>
    </Anchor>
  );
}

/** A labelled value in a document's header card (number, date, currency …). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** A document's items (two thirds) beside its summary (one third); stacked below `lg`. */
export function ItemsAndSummary({ items, summary }: { items: ReactNode; summary: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Card padding="lg" shadow="xs" h="100%">
          <Title order={3} size="h4" mb="sm">
            Items
          </Title>
          {items}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Card padding="lg" shadow="xs" h="100%">
          <Title order={3} size="h4" mb="md">
            Summary
          </Title>
          {summary}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/**
 * A detail screen's answer to an id this device does not hold (deleted, mistyped, or not
 * synced yet): the link back to the list and a red alert.
 */
export function DocumentNotFound(props: {
  to: string;
  backLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <BackLink to={props.to} label={props.backLabel} />
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={props.title}>
        {props.children}
      </Alert>
    </Stack>
  );
}
