import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** One action on a list row: an icon with a tooltip in tables, a labelled button on cards. */
export interface RowAction {
  key: string;
  /** The button text on cards (and in tables when `labelled`); the tooltip unless `tooltip`. */
  label: string;
  ariaLabel: string;
  tooltip?: string;
  icon: Icon;
  color?: string;
  /** A text button in tables too (e.g. a customer's Contacts). */
  labelled?: boolean;
  /** Shown but refused (the tooltip says why): the default currency's Delete. */
  disabled?: boolean;
  onClick: () => void;
}

/** The actions cell of a table row. */
export function RowActionIcons({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" className="row-action-icons">
      {actions.map(
        ({ key, label, ariaLabel, tooltip, icon: Glyph, color, labelled, disabled, onClick }) =>
          labelled ? (
            <Button
              key={key}
              variant="subtle"
              size="compact-sm"
              color={color}
              leftSection={<Glyph size={16} />}
              onClick={onClick}
              aria-label={ariaLabel}
            >
              {label}
            </Button>
          ) : (
            <Tooltip key={key} label={tooltip ?? label} withArrow>
              {/* A disabled button gets no pointer events; the span still shows why. */}
              <span>
                <ActionIcon
                  variant="subtle"
                  color={color ?? 'gray'}
                  disabled={disabled}
                  onClick={onClick}
                  aria-label={ariaLabel}
                >
                  <Glyph size={18} stroke={1.7} />
                </ActionIcon>
              </span>
            </Tooltip>
          ),
      )}
    </Group>
  );
}

/** The same actions as buttons with their names, for cards on phones. */
export function RowActionButtons({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={6} wrap="wrap">
      {actions.map(({ key, label, ariaLabel, icon: Glyph, color, disabled, onClick }) => (
        <Button
          disabled={disabled}
          key={key}
          variant="light"
          size="xs"
          color={color ?? 'gray'}
          leftSection={<Glyph size={14} />}
          onClick={onClick}
          aria-label={ariaLabel}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
