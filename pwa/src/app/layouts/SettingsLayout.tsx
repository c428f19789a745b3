import { Suspense } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuilding, IconCurrencyDollar, IconPercentage, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';

const TABS = [
  { value: 'tenant', label: 'General', icon: IconBuilding },
  { value: 'currencies', label: 'Currencies', icon: IconCurrencyDollar },
  { value: 'tax-rates', label: 'Tax rates', icon: IconPercentage },
  { value: 'users', label: 'Users', icon: IconUsers },
] as const;

/** Settings tabs; the active tab follows the path. */
export default function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active =
    TABS.find((tab) => pathname.startsWith(`/dashboard/settings/${tab.value}`))?.value ?? 'tenant';
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Settings</Title>
        <Text c="dimmed">Company, currencies, tax rates and users of your account.</Text>
      </div>
      <Tabs value={active} onChange={(value) => value && navigate(`/dashboard/settings/${value}`)}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} />}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader minHeight="30vh" />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
