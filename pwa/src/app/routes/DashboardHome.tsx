import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowRight,
  IconBuildingStore,
  IconFileInvoice,
  IconFileText,
  IconPackage,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';

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

/** Dashboard index (spec §1). */
export default function DashboardHome() {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Keeping SMB Simple
        </Title>
        <Text c="dimmed" mt={4}>
          Everything your business runs on, in one place — and it keeps working when the connection drops.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {CARDS.map((card) => (
          <Card key={card.title} padding="lg" shadow="xs" component="article">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" color={card.color} aria-hidden>
                <card.icon size={24} stroke={1.7} />
              </ThemeIcon>
            </Group>
            <Title order={2} fz="lg" mt="md">
              {card.title}
            </Title>
            <Text size="sm" c="dimmed" mt={6} style={{ flexGrow: 1 }}>
              {card.description}
            </Text>
            <Button
              component={Link}
              to={card.to}
              variant="light"
              color={card.color}
              mt="lg"
              rightSection={<IconArrowRight size={16} />}
              aria-label={`Open ${card.title}`}
            >
              Open {card.title.toLowerCase()}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
