import type { ReactNode } from 'react';
import { Card, Text, Title } from '@mantine/core';
import type { RejectionRow } from '../../db/database';
import { RefusedChanges, SaveMessageAlert, type SaveMessage } from './SaveFeedback';

/**
 * One card of a settings page (Company Information, Document Numbers, Invite a User …): its title
 * and what it sets, a notice (offline), the outcome of its last save and, with `refused`, the
 * changes of it the server refused when they synced.
 */
export function SettingsCard(props: {
  title: string;
  description: ReactNode;
  notice?: ReactNode;
  message: SaveMessage | null;
  onDismiss: () => void;
  refused?: { which: (rejection: RejectionRow) => boolean; title: string };
  children: ReactNode;
}) {
  return (
    <Card padding="lg" shadow="xs">
      <Title order={4}>{props.title}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {props.description}
      </Text>
      {props.notice}
      <SaveMessageAlert message={props.message} onClose={props.onDismiss} mb="md" />
      {props.refused && (
        <RefusedChanges which={props.refused.which} title={props.refused.title} mb="md" />
      )}
      {props.children}
    </Card>
  );
}
