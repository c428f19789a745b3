import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A document screen's action button (PDF, E-mail): labelled, or `compact` an icon with the label
 * as its tooltip for table rows. `ariaLabel` names the document ("PDF of invoice INV-0001").
 */
export function DocumentActionButton(props: {
  text: string;
  icon: Icon;
  ariaLabel: string;
  onClick: () => void;
  compact: boolean;
  loading?: boolean;
  /** The labelled button's colour; the theme's primary colour by default. */
  color?: string;
}) {
  const Glyph = props.icon;
  if (props.compact)
    return (
      <Tooltip label={props.text} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={props.loading}
          onClick={props.onClick}
          aria-label={props.ariaLabel}
        >
          <Glyph size={18} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button
      variant="light"
      color={props.color}
      leftSection={<Glyph size={16} />}
      loading={props.loading}
      onClick={props.onClick}
      aria-label={props.ariaLabel}
    >
      {props.text}
    </Button>
  );
}
