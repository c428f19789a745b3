import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Navbar + content + footer, for the landing, contact and information pages. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}
