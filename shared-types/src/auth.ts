import { Type, type Static } from 'typebox';

/** The special characters that satisfy the password rule's "one special character". */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN_LENGTH = 8;
/** Session inactivity limit and token lifetime. */
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
/** One-time code lifetimes (issue: 10 minutes for verification and reset, 24 h for invitations). */
export const CODE_TTL_MS = {
  verify: 10 * 60 * 1000,
  reset: 10 * 60 * 1000,
  invite: 24 * 60 * 60 * 1000,
} as const;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * Per e-mail address (known or not, alike): this many failed logins within the window lock the
 * address for `lockMs` (the owner of a real account is mailed when it locks).
 */
export const LOGIN_LOCK = { maxFailures: 10, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };

/**
 * At most this many mails of each kind (password reset, verification, invitation, the notice of a
 * registration with a taken address) per address and window; further requests are answered
 * alike and send nothing.
 */
export const MAIL_LIMIT = { perAddress: 3, windowMs: 60 * 60 * 1000 };

export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRule:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
  invitationPasswordRule: 'Password does not meet complexity requirements',
  emailRequired: 'Email is required',
  codeRequired: 'Verification code is required',
  passwordRequired: 'Password is required',
  enterEmail: 'Please enter your email address',
  enterCode: 'Please enter the verification code',
  enterNewPassword: 'Please enter your new password',
  enterEmailToResend: 'Please enter your email address to resend verification',
  resetRequested: 'If your email is registered, a verification code has been sent to your inbox.',
  invalidCredentials: 'Login failed. Please check your credentials.',
  emailNotVerified: 'Please verify your email address before logging in.',
  invalidCode: 'The verification code is invalid or has expired.',
  emailTaken: 'An account with this email already exists.',
  accountLocked:
    'Too many failed login attempts for this account. Please try again in 15 minutes or reset your password.',
  companyNameRequired: 'Company name is required',
} as const;

export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) return false;
  return [...password].some((ch) => PASSWORD_SPECIALS.includes(ch));
}

/** The register and reset screens' password check, with the spec's messages, in order. */
export function passwordError(password: string, confirmPassword?: string): string | null {
  if (confirmPassword !== undefined && password !== confirmPassword)
    return AUTH_MESSAGES.passwordsDoNotMatch;
  if (!isStrongPassword(password)) return AUTH_MESSAGES.passwordRule;
  return null;
}

const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 256 });
const OtpCode = Type.String({ maxLength: 32 });

export const LoginBody = Type.Object({ email: Email, password: Password });
export type LoginBody = Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  confirmPassword: Password,
  tenantNaturalName: Type.String({ maxLength: 200 }),
  /** ISO 3166-1 alpha-2; sets the default currency, its tax rate, paper size and locale. */
  country: Type.Optional(Type.String({ maxLength: 2 })),
  /** The browser's language tag (navigator.language); the locale when it is of the chosen country. */
  locale: Type.Optional(Type.String({ maxLength: 35 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const EmailBody = Type.Object({ email: Email });
export type EmailBody = Static<typeof EmailBody>;

export const VerifyEmailBody = Type.Object({ email: Email, otpCode: OtpCode });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ResetPasswordBody = Type.Object({
  email: Email,
  otpCode: OtpCode,
  newPassword: Password,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const VerifyInvitationBody = Type.Object({
  email: Email,
  otpCode: OtpCode,
  password: Password,
});
export type VerifyInvitationBody = Static<typeof VerifyInvitationBody>;

export const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const TokenResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  token: Type.String(),
  expiresAt: Type.String({ description: 'ISO time when the token expires' }),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** Claims the client reads from the JWT (names as the API has always sent them). */
export interface TokenClaims {
  sub: string;
  tenantId: string;
  tenantSchema: string;
  IsTenantAdmin: 'true' | 'false';
  email: string;
  exp: number;
  iat: number;
}

/** Company name fallback from the schema claim — the part before the first underscore, capitalised. */
export function companyNameFromSchema(tenantSchema: string | undefined): string {
  const head = (tenantSchema ?? '').split('_')[0] ?? '';
  if (!head) return 'Your Company';
  return head.charAt(0).toUpperCase() + head.slice(1);
}
