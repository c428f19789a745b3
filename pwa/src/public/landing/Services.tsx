import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChartBar,
  IconFileInvoice,
  IconFileText,
  IconPlugConnected,
  IconUsersGroup,
} from '@tabler/icons-react';
import { SectionHeading } from './SectionHeading';

/** The six capabilities the product offers. */
export const SERVICES = [
  {
    title: 'Customer Management',
    description:
      'Every customer, contact and conversation in one organised place, searchable in seconds.',
    icon: IconUsersGroup,
  },
  {
    title: 'Professional Quotes',
    description:
      'Branded quotes from your product catalogue, shared by link and approved online by your customer.',
    icon: IconFileText,
  },
  {
    title: 'Invoice Management',
    description:
      'Invoice straight from orders with payment tracking and automated reminders for what is overdue.',
    icon: IconFileInvoice,
  },
  {
    title: 'Business Analytics',
    description: 'See what sells, which quotes convert and how your cash flow is trending.',
    icon: IconChartBar,
  },
  {
    title: 'Scheduling and Planning',
    description: 'Plan deliveries and follow-ups so every order is fulfilled on time.',
    icon: IconCalendarEvent,
  },
  {
    title: 'System Integration',
    description: 'Connect your accounting, e-mail and e-commerce tools through our API.',
    icon: IconPlugConnected,
  },
];

export function Services() {
  return (
    <Box component="section" py={{ base: 56, sm: 88 }} aria-labelledby="services-title">
      <div id="features" />
      <Container size="lg" id="services">
        <SectionHeading
          label="Services"
          titleId="services-title"
          title="Everything a small business needs to get paid"
          lead="From the first conversation to the paid invoice, SMB Finance keeps the whole process in one tidy workflow."
          leadWidth={620}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt={48}>
          {SERVICES.map((service) => (
            <Card key={service.title} padding="xl" shadow="xs" component="article">
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <service.icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {service.title}
              </Title>
              <Text size="sm" c="dimmed" mt={8}>
                {service.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
