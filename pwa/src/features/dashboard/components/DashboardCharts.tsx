import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { BarChart, BarsList } from '@mantine/charts';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DashboardMetrics } from '../data/metrics';
import { compactMoney, dashboardLinks, money, monthLabel } from './format';

/** Axis and label text: gray 7 on white is 7.9:1 (WCAG AA needs 4.5:1; Mantine's default is dimmed gray 6). */
const TEXT_COLOR = 'gray.7';

const STAGE_COLORS: Record<string, string> = {
  Draft: 'gray.2',
  Sent: 'blue.1',
  Accepted: 'teal.1',
  Rejected: 'red.1',
  Converted: 'grape.1',
};

function ChartCard({
  title,
  linkLabel,
  to,
  children,
  testId,
}: {
  title: string;
  linkLabel: string;
  to: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      withBorder
      shadow="xs"
      p="md"
      data-testid={testId}
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {linkLabel}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

/** A link around one bar of a bars list: the bar leads to the filtered list behind it. */
function barLink(to: string, label: string, bar: ReactNode) {
  return (
    <Link key={to} to={to} title={label} className="dashboard-bar-link">
      {bar}
    </Link>
  );
}

/** The charts: revenue by month, the quote pipeline and the top customers (lazy: recharts is large). */
export default function DashboardCharts({ metrics: m }: { metrics: DashboardMetrics }) {
  const revenue = m.revenueByMonth.map((r) => ({
    month: monthLabel(r.month),
    // Numbers only to draw the bars; the figures in the tooltips come from the exact strings.
    Invoiced: Number(r.invoiced),
    ...(m.hasPayments ? { Paid: Number(r.paid) } : {}),
  }));
  const series = [
    { name: 'Invoiced', color: 'brand.6' },
    ...(m.hasPayments ? [{ name: 'Paid', color: 'teal.7' }] : []),
  ];
  const anyRevenue = m.revenueByMonth.some((r) => Number(r.invoiced) > 0 || Number(r.paid) > 0);
  const anyQuote = m.pipeline.some((s) => s.count > 0);
  const customerBars = m.topCustomers.map((c) => ({ name: c.name, value: Number(c.value) }));
  const customerOf = new Map(customerBars.map((bar, i) => [bar, m.topCustomers[i]!]));
  return (
    <Stack gap="md">
      <ChartCard
        title="Revenue by month"
        linkLabel="View invoices"
        to={dashboardLinks.revenue}
        testId="chart-revenue"
      >
        {anyRevenue ? (
          <BarChart
            h={260}
            data={revenue}
            dataKey="month"
            series={series}
            withLegend={m.hasPayments}
            legendProps={{ verticalAlign: 'bottom', height: 40 }}
            valueFormatter={(value) => money(value, m)}
            yAxisProps={{ tickFormatter: (value: number) => compactMoney(value, m), width: 64 }}
            textColor={TEXT_COLOR}
            gridAxis="y"
            tickLine="none"
            maxBarWidth={28}
            role="img"
            aria-label={`Revenue by month over the last 12 months, invoiced${m.hasPayments ? ' and paid' : ''}, in ${m.currencyCode}`}
          />
        ) : (
          <Text c="dimmed" size="sm">
            No invoices in the last 12 months yet. Invoices made from your orders show up here by
            month.
          </Text>
        )}
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title="Quote pipeline"
          linkLabel="View quotes"
          to="/dashboard/quotes"
          testId="chart-pipeline"
        >
          {anyQuote ? (
            <BarsList
              data={m.pipeline.map((s) => ({
                name: `${s.status} · ${s.count.toLocaleString('en-US')}`,
                value: Number(s.value),
                color: STAGE_COLORS[s.status],
              }))}
              barTextColor="dark.8"
              valueFormatter={(value) => money(value, m)}
              barsLabel="Status · quotes"
              valueLabel="Value"
              renderBar={(bar, node) => {
                const stage = m.pipeline.find((s) => bar.name.startsWith(`${s.status} `))!;
                return barLink(
                  dashboardLinks.quoteStatus(stage.status),
                  `${stage.status}: ${stage.count} quotes, ${money(stage.value, m)}`,
                  node,
                );
              }}
              minBarSize={132}
              styles={{ bar: { whiteSpace: 'nowrap' } }}
            />
          ) : (
            <Text c="dimmed" size="sm">
              No quotes yet. Create a quote and follow it from Draft to Accepted here.
            </Text>
          )}
        </ChartCard>
        <ChartCard
          title="Top customers by revenue"
          linkLabel="View invoices"
          to={dashboardLinks.revenue}
          testId="chart-top-customers"
        >
          {m.topCustomers.length > 0 ? (
            <BarsList
              data={customerBars}
              barColor="brand.1"
              barTextColor="dark.8"
              valueFormatter={(value) => money(value, m)}
              barsLabel="Customer, last 12 months"
              valueLabel="Invoiced"
              renderBar={(bar, node) => {
                const customer =
                  customerOf.get(bar) ?? m.topCustomers.find((c) => c.name === bar.name)!;
                return barLink(
                  dashboardLinks.customerInvoices(customer.name),
                  `${customer.name}: ${money(customer.value, m)} invoiced`,
                  node,
                );
              }}
              minBarSize={132}
              styles={{ bar: { whiteSpace: 'nowrap' } }}
            />
          ) : (
            <Text c="dimmed" size="sm">
              Your best customers appear here once you have invoiced them.
            </Text>
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
