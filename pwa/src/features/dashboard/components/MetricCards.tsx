import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconChecks,
  IconFileText,
  IconReceipt,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DashboardMetrics } from '../data/metrics';
import { dashboardLinks, money } from './format';
import { formatPercent } from '../../../lib/formats';

interface MetricCardProps {
  label: string;
  value: string;
  detail: ReactNode;
  to: string;
  icon: Icon;
  color: string;
  testId: string;
}

/** One figure; the whole card is a link to the list behind it. */
function MetricCard({ label, value, detail, to, icon: CardIcon, color, testId }: MetricCardProps) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      shadow="xs"
      p="md"
      data-testid={testId}
      className="dashboard-card-link"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <ThemeIcon size={32} radius="md" variant="light" color={color} aria-hidden>
          <CardIcon size={18} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Text
        fz={26}
        fw={700}
        mt={4}
        lh={1.2}
        data-testid={`${testId}-value`}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {detail}
      </Text>
    </Paper>
  );
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The cards: open quotes, accepted this month, win rate, outstanding, overdue, revenue. */
export function MetricCards({ metrics: m }: { metrics: DashboardMetrics }) {
  const fmt = (value: string) => money(value, m);
  const change =
    m.revenueChange === null ? null : (
      <Badge
        component="span"
        variant="light"
        color={m.revenueChange >= 0 ? 'green' : 'red'}
        size="sm"
        mr={6}
      >
        {m.revenueChange >= 0 ? '+' : ''}
        {formatPercent(m.revenueChange, 1)}
      </Badge>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="dashboard-cards">
      <MetricCard
        label="Open quotes"
        value={fmt(m.openQuotes.value)}
        detail={`${plural(m.openQuotes.count, 'quote')} in Draft or Sent`}
        to={dashboardLinks.openQuotes}
        icon={IconFileText}
        color="blue"
        testId="card-open-quotes"
      />
      <MetricCard
        label="Accepted this month"
        value={fmt(m.acceptedThisMonth.value)}
        detail={`${plural(m.acceptedThisMonth.count, 'quote')} accepted`}
        to={dashboardLinks.won}
        icon={IconChecks}
        color="teal"
        testId="card-accepted"
      />
      <MetricCard
        label="Win rate, last 90 days"
        value={m.winRate.rate === null ? '—' : formatPercent(m.winRate.rate, 1)}
        detail={
          m.winRate.rate === null
            ? 'No quote accepted or rejected in the last 90 days'
            : `${m.winRate.won} won of ${m.winRate.won + m.winRate.lost} decided`
        }
        to={dashboardLinks.decided}
        icon={IconTrophy}
        color="grape"
        testId="card-win-rate"
      />
      <MetricCard
        label="Outstanding invoices"
        value={fmt(m.outstanding.value)}
        detail={`${plural(m.outstanding.count, 'invoice')} with a balance to pay`}
        to={dashboardLinks.outstanding}
        icon={IconReceipt}
        color="orange"
        testId="card-outstanding"
      />
      {m.overdue && (
        <MetricCard
          label="Overdue"
          value={fmt(m.overdue.value)}
          detail={
            m.overdue.count === 0
              ? 'Nothing past its due date'
              : `${plural(m.overdue.count, 'invoice')} past the due date`
          }
          to={dashboardLinks.overdue}
          icon={IconAlertTriangle}
          color="red"
          testId="card-overdue"
        />
      )}
      <MetricCard
        label="Revenue this month"
        value={fmt(m.revenueThisMonth)}
        detail={
          <>
            {change}
            {`vs ${fmt(m.revenueLastMonth)} last month`}
          </>
        }
        to={dashboardLinks.revenue}
        icon={IconCash}
        color="green"
        testId="card-revenue"
      />
    </SimpleGrid>
  );
}

export function MetricCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} withBorder shadow="xs" p="md">
          <Skeleton h={14} w="50%" />
          <Skeleton h={26} w="70%" mt="sm" />
          <Skeleton h={12} w="60%" mt="sm" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
