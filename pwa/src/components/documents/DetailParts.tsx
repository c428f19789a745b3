import { Fragment, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Grid,
  Group,
  Stack,
  Text,
  Title,
  type CardProps,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { FieldLabel } from '../FieldLabel';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../PageLoader';

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
export function DetailField({
  label,
  size,
  children,
}: {
  label: string;
  /** The value's text size; the body size by default. */
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <div>
      <FieldLabel>{label}</FieldLabel>
      <Text fw={500} component="div" size={size}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A card headed by its title (Items, Summary, Notes, Invoice Details …), with the card's buttons
 * at the right of the title when it has an `action` (even one not shown now, such as `false`).
 */
export function TitledCard({
  title,
  titleGap = 'md',
  action,
  children,
  ...card
}: {
  title: ReactNode;
  titleGap?: 'sm' | 'md';
  action?: ReactNode;
  children: ReactNode;
} & CardProps) {
  return (
    <Card {...card}>
      {action === undefined ? (
        <Title order={3} size="h4" mb={titleGap}>
          {title}
        </Title>
      ) : (
        <Group justify="space-between" mb={titleGap} wrap="nowrap">
          <Title order={3} size="h4">
            {title}
          </Title>
          {action}
        </Group>
      )}
      {children}
    </Card>
  );
}

/** A document's items (two thirds) beside its summary (one third); stacked below `lg`. */
export function ItemsAndSummary({ items, summary }: { items: ReactNode; summary: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <TitledCard title="Items" titleGap="sm" padding="lg" shadow="xs" h="100%">
          {items}
        </TitledCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <TitledCard title="Summary" padding="lg" shadow="xs" h="100%">
          {summary}
        </TitledCard>
      </Grid.Col>
    </Grid>
  );
}

/**
 * A detail screen's answer to an id this device does not hold (deleted, mistyped, or not synced
 * yet): the link back to the list (`list`, named `plural`) and a red alert naming the `singular`.
 */
export function DocumentNotFound(props: { list: string; singular: string; plural: string }) {
  return (
    <Stack gap="lg">
      <BackLink to={props.list} label={`Back to ${props.plural}`} />
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={`${props.singular} not found`}>
        This {props.singular.toLowerCase()} does not exist or has not reached this device yet.
      </Alert>
    </Stack>
  );
}

/**
 * A document's detail route (`…/{id}`): the loader while the document loads, the not-found alert
 * when this device does not hold it, else the detail — started afresh for another document.
 */
export function documentScreen<T extends { id: string }>(
  useDocument: (id: string | undefined) => T | null | undefined,
  notFound: { list: string; singular: string; plural: string },
  detail: (document: T) => ReactNode,
) {
  return function DocumentScreen() {
    const { id } = useParams();
    const document = useDocument(id);
    if (document === undefined) return <PageLoader />;
    if (document === null) return <DocumentNotFound {...notFound} />;
    return <Fragment key={document.id}>{detail(document)}</Fragment>;
  };
}
