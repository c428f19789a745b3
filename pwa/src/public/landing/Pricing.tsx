import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading';

/** The pricing table: one card per plan. */
export const PLANS = [
  {
    name: 'Starter',
    price: 29,
    blurb: 'For freelancers and new businesses.',
    features: [
      'Up to 100 customer records',
      'Basic quotes and orders',
      'Simple invoicing',
      'Email support',
      '5GB storage',
      '5 users',
    ],
    cta: 'Get Started',
    to: '/register',
    popular: false,
  },
  {
    name: 'Business',
    price: 49,
    blurb: 'For growing teams that quote every day.',
    features: [
      'Unlimited customers',
      'Advanced quote templates',
      'Complete invoicing',
      '25GB storage',
      'Customer analytics',
      'Receipt processing',
      '10 users',
    ],
    cta: 'Get Started',
    to: '/register',
    popular: true,
  },
  {
    name: 'Enterprise',
    price: 199,
    blurb: 'For organisations with bespoke needs.',
    features: [
      'Everything in Business',
      'Custom integrations',
      'Dedicated account manager',
      'Advanced reporting',
      'Unlimited storage',
      'API access',
    ],
    cta: 'Contact Sales',
    to: '/contact',
    popular: false,
  },
];

export function Pricing() {
  return (
    <Box
      component="section"
      id="pricing"
      py={{ base: 56, sm: 88 }}
      bg="gray.0"
      aria-labelledby="pricing-title"
    >
      <Container size="lg">
        <SectionHeading
          label="Pricing"
          titleId="pricing-title"
          title="Simple plans that grow with you"
          lead="Monthly pricing, no setup fees, cancel any time."
          leadWidth={560}
        />
        <SimpleGrid
          cols={{ base: 1, md: 3 }}
          spacing="lg"
          mt={48}
          style={{ alignItems: 'stretch' }}
        >
          {PLANS.map((plan) => (
            <Card
              key={plan.name}
              padding="xl"
              shadow={plan.popular ? 'xl' : 'xs'}
              className={plan.popular ? classes.popular : undefined}
              component="article"
              aria-label={`${plan.name} plan`}
            >
              <Group justify="space-between" align="center">
                <Title order={3} fz="xl">
                  {plan.name}
                </Title>
                {plan.popular && (
                  <Badge variant="filled" size="md">
                    Most Popular
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {plan.blurb}
              </Text>
              <Group gap={4} align="baseline" mt="lg">
                <Text fz={44} fw={800} lh={1}>
                  ${plan.price}
                </Text>
                <Text c="dimmed">/month</Text>
              </Group>
              <List
                spacing="sm"
                size="sm"
                mt="xl"
                mb="xl"
                style={{ flexGrow: 1 }}
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                    <IconCheck size={12} stroke={3} />
                  </ThemeIcon>
                }
              >
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button
                component={Link}
                to={plan.to}
                fullWidth
                size="md"
                variant={plan.popular ? 'filled' : 'light'}
                aria-label={`${plan.cta} with ${plan.name}`}
              >
                {plan.cta}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
