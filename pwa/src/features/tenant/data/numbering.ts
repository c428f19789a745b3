import type { NumberingSettings, NumberingUpdateBody } from '@smb/shared-types/numbering';
import { apiRequest } from '../../../lib/api-client';

/**
 * Document numbering patterns are online-only (the server assigns every number, so a pattern
 * matters only there): plain REST calls with the session's bearer token.
 */
export const fetchNumbering = (token: string, signal?: AbortSignal) =>
  apiRequest<NumberingSettings>('/api/numbering', { token, signal });

export const saveNumbering = (token: string, body: NumberingUpdateBody) =>
  apiRequest<NumberingSettings>('/api/numbering', { method: 'PUT', body, token });
