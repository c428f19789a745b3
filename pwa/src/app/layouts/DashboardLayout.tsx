import { Suspense } from 'react';
import {
  AppShell,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { PageLoader } from '../../components/PageLoader';
import { SyncBanners } from '../../components/sync/SyncBanners';
import { SyncIndicator } from '../../components/sync/SyncIndicator';
import { useAuth } from '../../lib/auth-context';
import { useTenantName } from '../../features/tenant/useTenantName';
import { isNavActive, NAV_SECTIONS } from './nav';
import { localeOf } from '@smb/shared-types/company';
import { useLocalTenant } from '../../db/live';
import { LocaleProvider } from '../../lib/locale';

export const SIDEBAR_WIDTH = 250;

function Sidebar({ onNavigate, onLogout }: { onNavigate: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  return (
    <>
      <AppShell.Section grow component={ScrollArea} px="sm" py="md">
        <Stack gap="lg" component="nav" aria-label="Main">
          {NAV_SECTIONS.filter((section) => !section.adminOnly || isAdmin).map((section) => (
            <Box key={section.title ?? 'home'}>
              {section.title && (
                <Text
                  size="xs"
                  fw={700}
                  c="dimmed"
                  tt="uppercase"
                  px="sm"
                  mb={6}
                  style={{ letterSpacing: '0.06em' }}
                >
                  {section.title}
                </Text>
              )}
              <Stack gap={2}>
                {section.items.map((item) => {
                  const active = isNavActive(pathname, item);
                  return (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={item.label}
                      leftSection={<item.icon size={18} stroke={1.7} />}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      variant="light"
                      onClick={onNavigate}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      fw={active ? 600 : 500}
                    />
                  );
                })}
              </Stack>
            </Box>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="sm">
        <Divider mb="sm" />
        <NavLink
          component="button"
          label="Logout"
          leftSection={<IconLogout size={18} stroke={1.7} />}
          onClick={onLogout}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AppShell.Section>
    </>
  );
}

export default function DashboardLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { token, claims, signOut } = useAuth();
  const tenantName = useTenantName(token, claims?.tenantSchema);
  const tenant = useLocalTenant();
  const navigate = useNavigate();

  const logout = () => {
    signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'xl' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label="Toggle navigation"
            />
            <UnstyledButton
              component={Link}
              to="/dashboard"
              aria-label="SMB Finance dashboard home"
              visibleFrom="xs"
            >
              <Logo size="sm" />
            </UnstyledButton>
            <Divider orientation="vertical" visibleFrom="xs" />
            <Text fw={600} truncate="end" data-testid="tenant-name" title={tenantName}>
              {tenantName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SyncIndicator userId={claims?.sub ?? null} />
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} />}
              onClick={logout}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <Sidebar onNavigate={close} onLogout={logout} />
      </AppShell.Navbar>

      <AppShell.Main>
        <SyncBanners onLogin={logout} />
        <LocaleProvider locale={localeOf(tenant?.company)}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </LocaleProvider>
      </AppShell.Main>
    </AppShell>
  );
}
