import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** An action written into a line of text under an auth form ("Didn’t get a code? Resend code"). */
export function TextAction({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Anchor>
  );
}
