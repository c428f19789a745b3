import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Center,
  Container,
  Loader,
  LoadingOverlay,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { formFields, isQuoteActionUrl, loadQuoteHtml, postQuoteForm } from './quote-api';
import { QuoteFrame } from './QuoteFrame';
import classes from './PublicQuotePage.module.css';

export const INVALID_QUOTE_URL = 'Invalid quote URL. Missing required parameters.';

type State =
  { status: 'loading' } | { status: 'ready'; html: string } | { status: 'error'; message: string };

function Shell({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 0, sm: 'xl' }}>
        {children}
        <Center py="lg">
          <Text size="xs" c="dimmed" component="div">
            <Logo size="sm" />
          </Text>
        </Center>
      </Container>
    </Box>
  );
}

function ErrorView({ message }: { message: string }) {
  return (
    <Center mih="70vh" px="md">
      <Stack align="center" maw={460} ta="center" gap="sm">
        <IconAlertTriangle size={44} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz={24}>
          Something went wrong
        </Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}

/** /quote/{tenantId}/{quoteId}/view?token=… — the public, tokenised quote page. */
export default function PublicQuotePage() {
  const { tenantId, quoteId } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const valid = !!tenantId && !!quoteId && !!token;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [posting, setPosting] = useState(false);
  const [postError, setPostError] = useState<string | null>(null);

  useEffect(() => {
    if (!tenantId || !quoteId || !token) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    void loadQuoteHtml(tenantId, quoteId, token, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok
          ? { status: 'ready', html: result.html }
          : { status: 'error', message: result.message },
      );
    });
    return () => controller.abort();
  }, [tenantId, quoteId, token]);

  const onFormSubmit = useCallback(
    (form: HTMLFormElement, submitter: Element | null) => {
      const url = new URL(form.getAttribute('action') || '', window.location.href);
      if (!isQuoteActionUrl(url) || posting) return;
      const fields = formFields(form, submitter);
      if (!fields.has('token') && token) fields.set('token', token);
      setPosting(true);
      setPostError(null);
      void postQuoteForm(url, fields).then((result) => {
        setPosting(false);
        if (result.ok) setState({ status: 'ready', html: result.html });
        else setPostError(result.message);
      });
    },
    [posting, token],
  );

  if (!valid)
    return (
      <Shell>
        <ErrorView message={INVALID_QUOTE_URL} />
      </Shell>
    );

  return (
    <Shell>
      {state.status === 'loading' && (
        <Center mih="70vh">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">Loading quote...</Text>
          </Stack>
        </Center>
      )}
      {state.status === 'error' && <ErrorView message={state.message} />}
      {state.status === 'ready' && (
        <Box pos="relative" className={classes.sheet}>
          <LoadingOverlay visible={posting} loaderProps={{ children: <Loader /> }} />
          {postError && (
            <Alert
              color="red"
              m="md"
              role="alert"
              withCloseButton
              onClose={() => setPostError(null)}
            >
              {postError}
            </Alert>
          )}
          <QuoteFrame html={state.html} onFormSubmit={onFormSubmit} />
        </Box>
      )}
    </Shell>
  );
}
