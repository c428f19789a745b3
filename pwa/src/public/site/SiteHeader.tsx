import { lazy, Suspense, useState } from 'react';
import { Box, Burger, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { useAuth } from '../../lib/auth-context';
import classes from './SiteHeader.module.css';

// The phone menu (a Drawer with focus trap and scroll lock) is fetched the first time it opens,
// so the landing page's first download stays small; the service worker precaches it for offline.
const MobileMenu = lazy(() => import('./MobileMenu'));

const SECTION_LINKS = [
  { label: 'Services', to: { pathname: '/', hash: '#services' } },
  { label: 'Pricing', to: { pathname: '/', hash: '#pricing' } },
  { label: 'Contact Sales', to: { pathname: '/contact' } },
];

/** Public navbar: logged-out and logged-in variants; slide-in menu with overlay on phones. */
export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { isAuthenticated, signOut } = useAuth();
  const navigate = useNavigate();

  const logout = () => {
    close();
    signOut();
    navigate('/login');
  };

  const accountButtons = (vertical: boolean) =>
    isAuthenticated ? (
      <>
        <Button component={Link} to="/dashboard" onClick={close} fullWidth={vertical}>
          Dashboard
        </Button>
        <Button variant="default" onClick={logout} fullWidth={vertical}>
          Logout
        </Button>
      </>
    ) : (
      <>
        <Button component={Link} to="/login" variant="default" onClick={close} fullWidth={vertical}>
          Login
        </Button>
        <Button component={Link} to="/register" onClick={close} fullWidth={vertical}>
          Get Started
        </Button>
      </>
    );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label="SMB Finance home">
            <Logo />
          </UnstyledButton>
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Site">
            {SECTION_LINKS.map((link) => (
              <Link key={link.label} to={link.to} className={classes.link}>
                {link.label}
              </Link>
            ))}
          </Group>
          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            {accountButtons(false)}
          </Group>
          <Burger
            opened={opened}
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            hiddenFrom="sm"
            aria-label="Open menu"
          />
        </Group>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            links={SECTION_LINKS}
            linkClassName={classes.mobileLink}
          >
            {accountButtons(true)}
          </MobileMenu>
        </Suspense>
      )}
    </Box>
  );
}
