import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '../site/PublicPage';
import { INFO_PAGES, type InfoPageKey } from './content';

/** FAQ, support and the legal pages linked from the footer. */
export default function InfoPage({ page }: { page: InfoPageKey }) {
  const content = INFO_PAGES[page];
  return (
    <PublicPage>
      <Container size="sm" py={{ base: 40, sm: 72 }}>
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {content.title}
        </Title>
        <Text c="dimmed" size="lg" mt="sm">
          {content.intro}
        </Text>
        <Stack gap="md" mt="xl">
          {content.sections.map((section) => (
            <Paper key={section.heading} withBorder p="lg">
              <Title order={2} fz="lg">
                {section.heading}
              </Title>
              <Text mt={6} c="gray.7">
                {section.body}
              </Text>
            </Paper>
          ))}
        </Stack>
        <Text mt="xl" size="sm" c="dimmed">
          Still have a question?{' '}
          <Anchor component={Link} to="/contact">
            Contact us
          </Anchor>
          .
        </Text>
      </Container>
    </PublicPage>
  );
}
