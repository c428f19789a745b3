import { lazy, Suspense } from 'react';
import {
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAddressBook,
  IconArrowRight,
  IconBuildingStore,
  IconFileInvoice,
  IconFileText,
  IconInfoCircle,
  IconChartBar,
  IconPlus,
  IconPackage,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MetricCards, MetricCardsSkeleton } from '../../features/dashboard/components/MetricCards';
import { RecurringOutlook } from '../../features/dashboard/components/RecurringOutlook';
import { useDashboard } from '../../features/dashboard/data/useDashboard';
import { useRecurringOutlook } from '../../features/recurring/data/outlook';
import type { DashboardMetrics } from '../../features/dashboard/data/metrics';
import { LinkButton } from '../../components/LinkButton';

/** recharts is large: the charts come in their own chunk, after the figures are on screen. */
const DashboardCharts = lazy(() => import('../../features/dashboard/components/DashboardCharts'));

interface OverviewCard {
  title: string;
  description: string;
  to: string;
  icon: Icon;
  color: string;
}

const CARDS: OverviewCard[] = [
  {
    title: 'Customers',
    description: 'Manage the companies you work with and their details.',
    to: '/dashboard/customers',
    icon: IconBuildingStore,
    color: 'brand',
  },
  {
    title: 'Contacts',
    description: 'Keep track of the people at each customer and their roles.',
    to: '/dashboard/contacts',
    icon: IconAddressBook,
    color: 'teal',
  },
  {
    title: 'Products',
    description: 'Your catalogue of products and services with prices and stock.',
    to: '/dashboard/products',
    icon: IconPackage,
    color: 'grape',
  },
  {
    title: 'Quotes',
    description: 'Create professional quotes with a digital approval workflow.',
    to: '/dashboard/quotes',
    icon: IconFileText,
    color: 'blue',
  },
  {
    title: 'Orders',
    description: 'Turn accepted quotes into orders and follow the fulfilment process.',
    to: '/dashboard/orders',
    icon: IconTruckDelivery,
    color: 'orange',
  },
  {
    title: 'Invoices',
    description: 'Invoice your orders and track which ones have been paid.',
    to: '/dashboard/invoices',
    icon: IconFileInvoice,
    color: 'green',
  },
];

/** Where the amounts come from: the default currency, and the currencies converted into it. */
function CurrencyNote({ metrics: m }: { metrics: DashboardMetrics }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="dashboard-currency-note">
      <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
      <Text size="sm" c="dimmed">
        Amounts in {m.currencyCode}, your default currency.
        {m.convertedFrom.length > 0 &&
          ` Documents in ${m.convertedFrom.join(', ')} are converted at each currency's exchange rate (Settings › Currencies).`}
      </Text>
    </Group>
  );
}

/** A new tenant: nothing to count yet, and what to do first. */
function EmptyDashboard() {
  return (
    <Paper withBorder shadow="xs" p="xl" data-testid="dashboard-empty">
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconChartBar size={28} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          Your business at a glance, once there is business
        </Title>
        <Text c="dimmed" size="sm">
          Open quotes, win rate, revenue by month and what customers still owe appear here as soon
          as you add customers, send quotes and invoice orders — even offline.
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <LinkButton to="/dashboard/customers/new" icon={IconPlus}>
            Add a customer
          </LinkButton>
          <Button component={Link} to="/dashboard/quotes/new" variant="light">
            Create a quote
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ChartsSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton h={320} radius="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton h={260} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

/** Dashboard index: the business's numbers, then the six areas of the app. */
export default function DashboardHome() {
  const data = useDashboard();
  const recurring = useRecurringOutlook();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Keeping SMB Simple
        </Title>
        <Text c="dimmed" mt={4}>
          Everything your business runs on, in one place — and it keeps working when the connection
          drops.
        </Text>
      </div>
      {data === undefined ? (
        <Stack gap="md" role="status" aria-label="Loading your figures">
          <MetricCardsSkeleton />
          <ChartsSkeleton />
        </Stack>
      ) : data === null || data.empty ? (
        <EmptyDashboard />
      ) : (
        <Stack gap="md" data-testid="dashboard-figures">
          <MetricCards metrics={data.metrics} />
          <CurrencyNote metrics={data.metrics} />
          {recurring && <RecurringOutlook {...recurring} />}
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts metrics={data.metrics} />
          </Suspense>
        </Stack>
      )}
      <section aria-labelledby="dashboard-areas">
        <Title order={2} fz="lg" mb="md" id="dashboard-areas">
          Your workspace
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {CARDS.map((card) => (
            <Card key={card.title} padding="md" shadow="xs" component="article">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light" color={card.color} aria-hidden>
                  <card.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Title order={3} fz="md">
                    {card.title}
                  </Title>
                  <Text size="sm" c="dimmed" mt={2}>
                    {card.description}
                  </Text>
                </div>
              </Group>
              <Button
                component={Link}
                to={card.to}
                variant="light"
                color={card.color}
                mt="md"
                size="sm"
                rightSection={<IconArrowRight size={16} />}
                aria-label={`Open ${card.title}`}
              >
                Open {card.title.toLowerCase()}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
