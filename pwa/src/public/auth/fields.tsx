import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';

interface FieldProps {
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error?: string;
}

/** What a new password must have, under every field that sets one. */
export const PASSWORD_HINT =
  'At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.';

/** A password an account screen asks for: a new one (with what it must have) or the current one. */
export function PasswordField({
  label,
  setsNew = false,
  hint = false,
  ...field
}: FieldProps & { label: string; setsNew?: boolean; hint?: boolean }) {
  return (
    <PasswordInput
      label={label}
      description={hint ? PASSWORD_HINT : undefined}
      required
      autoComplete={setsNew ? 'new-password' : 'current-password'}
      {...field}
    />
  );
}

/** The e-mail address an account screen asks for. */
export function EmailField({ placeholder, ...field }: FieldProps & { placeholder?: string }) {
  return (
    <TextInput
      label="Email"
      placeholder={placeholder}
      type="email"
      required
      autoComplete="email"
      {...field}
    />
  );
}

/** The 6-digit code from a verification, reset or invitation e-mail. */
export function CodeField({ maxLength, ...field }: FieldProps & { maxLength?: number }) {
  return (
    <TextInput
      label="Verification code"
      placeholder="123456"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      styles={{ input: { letterSpacing: '0.3em', fontWeight: 600 } }}
      {...field}
    />
  );
}

/** The line under an account screen's card: "Already have an account? Sign in". */
export function FooterLink({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <>
      {text}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </>
  );
}

/** The footer of the screens that create an account: for those who already have one. */
export const signInFooter = (
  <FooterLink text="Already have an account?" to="/login" label="Sign in" />
);
