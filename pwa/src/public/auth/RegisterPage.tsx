import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Select, TextInput } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { AUTH_MESSAGES, passwordError } from '@smb/shared-types/auth';
import { CONTACT_MESSAGES } from '@smb/shared-types/contact';
import { COUNTRIES, countryFromLocale } from '@smb/shared-types/countries';
import { isEmail } from '@smb/shared-types/validation';
import { useUpdateGuard } from '../../lib/useUpdateGuard';
import { pingApi, registerAccount } from '../../features/auth/data/auth-api';
import { AuthFrame } from './AuthFrame';
import { EmailField, signInFooter, PasswordField } from './fields';
import { AuthForm, type Message } from './FormMessage';
import { useAuthAction } from './useAuthAction';
import { refusal, useFinish } from './useFinish';
import { useFields } from '../useFields';

export const REGISTER_REDIRECT_MS = 2000;

type Field = 'tenantNaturalName' | 'email' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;

export function validateRegistration(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.tenantNaturalName.trim())
    errors.tenantNaturalName = AUTH_MESSAGES.companyNameRequired;
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!isEmail(values.email.trim())) errors.email = CONTACT_MESSAGES.invalidEmail;
  const password = passwordError(values.password, values.confirmPassword);
  if (password === AUTH_MESSAGES.passwordsDoNotMatch) errors.confirmPassword = password;
  else if (password) errors.password = password;
  return errors;
}

/** The countries with defaults, by name; '' = another country (US dollars at 0 %, en-US). */
const COUNTRY_OPTIONS = [
  ...[...COUNTRIES]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((c) => ({ value: c.code, label: c.name })),
  { value: '', label: 'Other country' },
];

const browserLanguage = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

export default function RegisterPage() {
  // The country sets the currency, its tax rate, paper size and number format.
  const [country, setCountry] = useState(() => countryFromLocale(browserLanguage())?.code ?? '');
  const { values, setErrors, field } = useFields<Field>({
    tenantNaturalName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [api, setApi] = useState<'checking' | 'ok' | 'down'>('checking');
  const [message, setMessage] = useState<Message | null>(null);
  const { done, finish } = useFinish(setMessage);
  useUpdateGuard('form:register', !done && Object.values(values).some(Boolean));

  const checkApi = useCallback(() => {
    setApi('checking');
    pingApi()
      .then((response) => setApi(response && response.ok === false ? 'down' : 'ok'))
      .catch(() => setApi('down'));
  }, []);
  useEffect(checkApi, [checkApi]);

  const register = useAuthAction(
    async () => {
      const email = values.email.trim();
      const response = await registerAccount({
        ...values,
        email,
        tenantNaturalName: values.tenantNaturalName.trim(),
        ...(country ? { country } : {}),
        ...(browserLanguage() ? { locale: browserLanguage() } : {}),
      });
      const refused = refusal(response, 'Registration failed.');
      if (refused) return setMessage(refused);
      finish(
        response?.message ||
          'Registration successful! Please check your email for a verification code.',
        '/verify-email',
        REGISTER_REDIRECT_MS,
        { state: { email } },
      );
    },
    setMessage,
    {
      service: 'registration',
      statusFallback: (status) => `Registration failed with status: ${status}`,
      fallback: 'An unexpected error occurred during registration.',
    },
  );

  const submit = register.submitWhen(() => validateRegistration(values), setErrors);

  return (
    <AuthFrame
      title="Create your account"
      subtitle="Register your business and start sending quotes in minutes."
      footer={signInFooter}
    >
      <AuthForm
        label="Register"
        offlineAction="Creating an account"
        notice={
          api === 'down' && (
            <Alert
              color="red"
              variant="light"
              title="API connectivity issue"
              icon={<IconPlugConnectedX size={18} />}
              role="alert"
            >
              We can’t reach the server right now, so sign-up is unavailable.{' '}
              <Anchor component="button" type="button" onClick={checkApi} size="sm" fw={600}>
                Try again
              </Anchor>
            </Alert>
          )
        }
        message={message}
        onSubmit={submit}
      >
        <TextInput
          label="Business name"
          placeholder="Acme Plumbing Ltd"
          required
          autoComplete="organization"
          {...field('tenantNaturalName')}
        />
        <Select
          label="Country"
          description="Sets your currency, tax rate, paper size and number format; you can change them in Settings."
          data={COUNTRY_OPTIONS}
          value={country}
          onChange={(next) => setCountry(next ?? '')}
          allowDeselect={false}
          searchable
        />
        <EmailField placeholder="you@company.com" {...field('email')} />
        <PasswordField label="Password" setsNew hint {...field('password')} />
        <PasswordField label="Confirm password" setsNew {...field('confirmPassword')} />
        <Button type="submit" size="md" loading={register.busy} disabled={api === 'down' || done}>
          Sign Up
        </Button>
      </AuthForm>
    </AuthFrame>
  );
}
