import type {
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  TokenResponse,
  VerifyEmailBody,
  VerifyInvitationBody,
} from '@smb/shared-types/auth';
import { ApiError, apiRequest, errorText } from '../../../lib/api-client';

export interface PingResponse {
  ok: boolean;
  text: string;
}

export const pingApi = () => apiRequest<PingResponse>('/api/auth/ping');
export const registerAccount = (body: RegisterBody) =>
  apiRequest<MessageResponse>('/api/auth/register', { method: 'POST', body });
export const loginRequest = (body: LoginBody) =>
  apiRequest<Partial<TokenResponse>>('/api/auth/login', { method: 'POST', body });
export const verifyEmailOtp = (body: VerifyEmailBody) =>
  apiRequest<MessageResponse>('/api/auth/verify-email-otp', { method: 'POST', body });
export const resendVerification = (email: string) =>
  apiRequest<MessageResponse>('/api/auth/resend-verification', { method: 'POST', body: { email } });
export const forgotPassword = (email: string) =>
  apiRequest<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body: { email } });
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
export const verifyInvitation = (body: VerifyInvitationBody) =>
  apiRequest<Partial<TokenResponse>>('/api/auth/verify-invitation', { method: 'POST', body });
export const resendInvitation = (email: string) =>
  apiRequest<MessageResponse>('/api/auth/resend-invitation', { method: 'POST', body: { email } });

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
