import type { ReactNode } from 'react';
import { Divider, Drawer, Stack } from '@mantine/core';
import { Link, type To } from 'react-router-dom';
import { Logo } from '../../components/Logo';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  links: ReadonlyArray<{ label: string; to: To }>;
  linkClassName?: string;
  /** The account buttons, stacked. */
  children: ReactNode;
}

/** The public site's slide-in menu with overlay on phones. */
export default function MobileMenu({
  opened,
  onClose,
  links,
  linkClassName,
  children,
}: MobileMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="80%"
      title={<Logo size="sm" />}
      hiddenFrom="sm"
      overlayProps={{ backgroundOpacity: 0.5, blur: 2 }}
      transitionProps={{ transition: 'slide-left', duration: 200 }}
    >
      <Stack gap={4} component="nav" aria-label="Mobile">
        {links.map((link) => (
          <Link key={link.label} to={link.to} className={linkClassName} onClick={onClose}>
            {link.label}
          </Link>
        ))}
      </Stack>
      <Divider my="md" />
      <Stack gap="sm">{children}</Stack>
    </Drawer>
  );
}
