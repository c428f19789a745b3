import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import classes from './Landing.module.css';

export function CallToAction() {
  const { isAuthenticated } = useAuth();
  return (
    <Container size="lg" py={{ base: 56, sm: 80 }}>
      <Paper className={classes.cta} p={{ base: 'xl', sm: 48 }} radius="xl">
        <Group justify="space-between" align="center" gap="xl">
          <div style={{ maxWidth: 560 }}>
            <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
              Ready to spend less time on paperwork?
            </Title>
            <Text c="brand.0" mt="xs">
              Set up your company in two minutes, or talk to us about a plan for your team.
            </Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to={isAuthenticated ? '/dashboard' : '/register'}
              variant="white"
              size="md"
            >
              {isAuthenticated ? 'Go to Dashboard' : 'Get Started'}
            </Button>
            <Button component={Link} to="/contact" variant="outline" color="white" size="md">
              Contact Sales
            </Button>
          </Group>
        </Group>
      </Paper>
    </Container>
  );
}
