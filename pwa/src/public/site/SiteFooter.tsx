import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Services', to: '/#services' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Contact Sales', to: '/contact' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQ', to: '/faq' },
      { label: 'Support', to: '/support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <Box
      component="footer"
      bg="gray.0"
      py={48}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xl">
          <Stack gap="xs">
            <Logo size="sm" />
            <Text size="sm" c="dimmed" maw={260}>
              Customers, quotes, orders and invoices for small businesses. Keeping SMB simple.
            </Text>
          </Stack>
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text fw={700} size="sm">
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group
          justify="space-between"
          mt={40}
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} SMB Finance. All rights reserved.
          </Text>
          <Text size="xs" c="dimmed">
            Works offline · Installable on any device
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
