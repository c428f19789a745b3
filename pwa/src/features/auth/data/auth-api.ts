import type * as Auth from '@smb/shared-types/auth';
import { ApiError, apiRequest, errorText } from '../../../lib/api-client';

export interface PingResponse {
  ok: boolean;
  text: string;
}

/** A POST to `/api/auth/<path>` with the body given, answering `Answer`. */
const post =
  <Body, Answer = Auth.MessageResponse>(path: string) =>
  (body: Body) =>
    apiRequest<Answer>(`/api/auth/${path}`, { method: 'POST', body });

/** A POST whose body is just the e-mail address. */
const postEmail = (path: string) => {
  const send = post<Auth.EmailBody>(path);
  return (email: string) => send({ email });
};

export const pingApi = () => apiRequest<PingResponse>('/api/auth/ping');
export const registerAccount = post<Auth.RegisterBody>('register');
export const loginRequest = post<Auth.LoginBody, Partial<Auth.TokenResponse>>('login');
export const verifyEmailOtp = post<Auth.VerifyEmailBody>('verify-email-otp');
export const resendVerification = postEmail('resend-verification');
export const forgotPassword = postEmail('forgot-password');
export const resetPassword = post<Auth.ResetPasswordBody>('reset-password');
export const verifyInvitation = post<Auth.VerifyInvitationBody, Partial<Auth.TokenResponse>>(
  'verify-invitation',
);
export const resendInvitation = postEmail('resend-invitation');

function bodyHasMessage(data: unknown): boolean {
  return (
    !!data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    !!data.message
  );
}

export interface AuthErrorOptions {
  /** Names the service in the 404 text, e.g. 'registration'. */
  service: string;
  /** Text when the server answered an error without a message. */
  statusFallback?: (status: number) => string;
  /** Text for anything unexpected. */
  fallback: string;
}

/** Auth error texts, first that applies: 404 → service unavailable; the server's message; the status fallback; the screen's fallback. */
export function authErrorMessage(error: unknown, options: AuthErrorOptions): string {
  if (error instanceof ApiError) {
    if (error.status === 404)
      return `The ${options.service} service is currently unavailable. Please try again later.`;
    if (!bodyHasMessage(error.data) && options.statusFallback)
      return options.statusFallback(error.status);
    return error.message;
  }
  return errorText(error, options.fallback);
}
