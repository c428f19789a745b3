import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCircleCheck,
  IconCloudOff,
  IconDeviceMobile,
  IconLock,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import classes from './Landing.module.css';

const HIGHLIGHTS = [
  { icon: IconCloudOff, text: 'Works offline, syncs when you reconnect' },
  { icon: IconDeviceMobile, text: 'Install it on desktop, tablet or phone' },
  { icon: IconLock, text: 'Each company’s data kept separate and private' },
];

function QuotePreview() {
  return (
    <Paper shadow="xl" p="lg" radius="lg" className={classes.preview} aria-hidden>
      <Group justify="space-between">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Quote
          </Text>
          <Text fw={700}>Q-0042 · Riverside Bakery</Text>
        </div>
        <Badge color="green" variant="light">
          Accepted
        </Badge>
      </Group>
      <Stack gap={8} mt="md">
        {[
          ['Espresso machine service', '$420.00'],
          ['Grinder burr set', '$185.00'],
          ['Barista training (2 h)', '$240.00'],
        ].map(([item, price]) => (
          <Group key={item} justify="space-between" className={classes.previewRow}>
            <Text size="sm">{item}</Text>
            <Text size="sm" fw={600}>
              {price}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="md" pt="sm" className={classes.previewTotal}>
        <Text fw={700}>Total</Text>
        <Text fw={800} c="brand.7">
          $929.50
        </Text>
      </Group>
      <Group gap={6} mt="md">
        <IconCircleCheck size={16} color="var(--mantine-color-green-6)" />
        <Text size="xs" c="dimmed">
          Approved online by the customer · converted to order
        </Text>
      </Group>
    </Paper>
  );
}

export function Hero() {
  const { isAuthenticated } = useAuth();
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Finance and CRM for small businesses
            </Badge>
            <Title order={1} className={classes.heroTitle}>
              Quotes, orders and invoices —{' '}
              <span className={classes.highlight}>without the busywork</span>
            </Title>
            <Text size="lg" c="dimmed" maw={520}>
              Keep customers and contacts in one place, send professional quotes your customers
              approve online, and turn them into orders and invoices in a click. Even with no signal
              at a customer’s site.
            </Text>
            <Group gap="sm">
              {isAuthenticated ? (
                <Button
                  component={Link}
                  to="/dashboard"
                  size="lg"
                  rightSection={<IconArrowRight size={18} />}
                >
                  Go to Dashboard
                </Button>
              ) : (
                <Button
                  component={Link}
                  to="/register"
                  size="lg"
                  rightSection={<IconArrowRight size={18} />}
                >
                  Get Started
                </Button>
              )}
              <Button
                component={Link}
                to={{ pathname: '/', hash: '#services' }}
                size="lg"
                variant="default"
              >
                Learn More
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mt={-6}>
              Buying for a larger team?{' '}
              <Anchor component={Link} to="/contact" fw={600}>
                Contact Sales
              </Anchor>
            </Text>
            <Stack gap={8} mt="xs">
              {HIGHLIGHTS.map((item) => (
                <Group key={item.text} gap="xs" wrap="nowrap">
                  <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
                    <item.icon size={14} />
                  </ThemeIcon>
                  <Text size="sm" c="dimmed">
                    {item.text}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
          <QuotePreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
