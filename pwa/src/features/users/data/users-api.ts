import type { InviteBody, User } from '@smb/shared-types/users';
import { apiRequest } from '../../../lib/api-client';

/**
 * User management is online-only: plain REST calls with the session's bearer token,
 * nothing is stored on the device.
 */
export type { User };

export const fetchUsers = (token: string, signal?: AbortSignal) =>
  apiRequest<User[]>('/api/users', { token, signal });

export const inviteUser = (token: string, body: InviteBody) =>
  apiRequest<User>('/api/users/invite', { method: 'POST', body, token });

export const setUserRole = (token: string, id: string, isTenantAdmin: boolean) =>
  apiRequest<User>(`/api/users/${encodeURIComponent(id)}/role`, {
    method: 'PUT',
    body: { isTenantAdmin },
    token,
  });

export const deleteUser = (token: string, id: string) =>
  apiRequest<unknown>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE', token });
