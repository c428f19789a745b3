import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClock, IconHeadset, IconMail } from '@tabler/icons-react';
import { CONTACT_MESSAGES, contactFieldErrors } from '@smb/shared-types/contact';
import { stripAngleBrackets } from '@smb/shared-types/validation';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { OfflineNotice } from '../../components/OfflineNotice';
import { apiRequest } from '../../lib/api-client';
import { useAction } from '../../lib/useAction';
import { PublicPage } from '../site/PublicPage';
import { useFields } from '../useFields';

type Field = 'name' | 'email' | 'company' | 'subject' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', company: '', subject: '', message: '' };

const PERKS = [
  {
    icon: IconHeadset,
    title: 'Talk to a specialist',
    text: 'Plans for teams, migrations and integrations.',
  },
  { icon: IconClock, title: 'Fast answers', text: 'We reply within one business day.' },
  { icon: IconMail, title: 'No obligation', text: 'Just tell us what your business needs.' },
];

export default function ContactPage() {
  const [submitted, setSubmitted] = useState(false);
  // Angle brackets are stripped as they are typed, so no markup reaches the message.
  const { values, setValues, setErrors, field } = useFields<Field>(EMPTY, {
    clean: stripAngleBrackets,
    onChange: (next) => submitted && setErrors(contactFieldErrors(next)),
  });
  const [result, setResult] = useState<'success' | 'failure' | null>(null);
  const dirty = Object.values(values).some((value) => value !== '');
  useUpdateGuard('form:contact', dirty);

  const send = useAction(
    async () => {
      await apiRequest('/api/public/contact', {
        method: 'POST',
        body: {
          name: values.name.trim(),
          email: values.email.trim(),
          subject: values.subject.trim(),
          message: values.message.trim(),
          company: values.company.trim() || null,
        },
      });
      setResult('success');
      setValues(EMPTY);
      setSubmitted(false);
    },
    () => setResult('failure'),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    const found = contactFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) void send.run();
  };

  return (
    <PublicPage>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Grid gap={48}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Title order={1} fz={{ base: 30, sm: 40 }}>
              Contact Sales
            </Title>
            <Text c="dimmed" size="lg" mt="sm">
              Tell us about your business and we will help you pick the right plan.
            </Text>
            <Stack gap="lg" mt="xl">
              {PERKS.map((perk) => (
                <Group key={perk.title} wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                    <perk.icon size={22} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{perk.title}</Text>
                    <Text size="sm" c="dimmed">
                      {perk.text}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
              <form onSubmit={submit} noValidate aria-label="Contact sales">
                <Stack gap="md">
                  <OfflineNotice action="Sending a message" />
                  {result === 'success' && (
                    <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
                      {CONTACT_MESSAGES.success}
                    </Alert>
                  )}
                  {result === 'failure' && (
                    <Alert color="red" role="alert">
                      {CONTACT_MESSAGES.failure}
                    </Alert>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Name" required autoComplete="name" {...field('name')} />
                    <TextInput
                      label="Email"
                      required
                      type="email"
                      autoComplete="email"
                      {...field('email')}
                    />
                  </SimpleGrid>
                  <TextInput
                    label="Company"
                    description="Optional"
                    autoComplete="organization"
                    {...field('company')}
                  />
                  <TextInput label="Subject" required {...field('subject')} />
                  <Textarea label="Message" required minRows={5} autosize {...field('message')} />
                  <Button type="submit" size="md" loading={send.busy}>
                    Send Message
                  </Button>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicPage>
  );
}
