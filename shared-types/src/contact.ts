import { Type, type Static } from 'typebox';
import { firstError, hasAngleBrackets, isEmail } from './validation';

export const ContactMessageBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  subject: Type.String({ maxLength: 300 }),
  message: Type.String({ maxLength: 10000 }),
  company: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type ContactMessageBody = Static<typeof ContactMessageBody>;

export const CONTACT_MESSAGES = {
  success: "Thank you for your message! We'll get back to you soon.",
  failure: 'An unexpected error occurred. Please try again later.',
  invalidEmail: 'Invalid email address',
} as const;

const LABELS = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  company: 'Company',
} as const;
type Field = keyof typeof LABELS;

/** The public contact form's rules (name, e-mail, subject, message); the first message per field. */
export function contactFieldErrors(
  input: Partial<Record<Field, string | null>>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(LABELS) as Field[]) {
    const value = (input[field] ?? '').trim();
    const label = LABELS[field];
    const error = firstError([
      field !== 'company' && !value && `${label} is required`,
      hasAngleBrackets(value) && `${label} cannot contain '<' or '>' characters`,
      field === 'email' && value && !isEmail(value) && CONTACT_MESSAGES.invalidEmail,
    ]);
    if (error) errors[field] = error;
  }
  return errors;
}
