import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** A button that goes to another screen: a router link drawn as a button, its icon leading. */
export function LinkButton({
  to,
  icon: Glyph,
  children,
  ...button
}: { to: string; icon: Icon; children: ReactNode } & Omit<ButtonProps, 'leftSection'>) {
  return (
    <Button component={Link} to={to} leftSection={<Glyph size={16} />} {...button}>
      {children}
    </Button>
  );
}
