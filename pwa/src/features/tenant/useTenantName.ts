import { useEffect, useState } from 'react';
import { companyNameFromSchema } from '@smb/shared-types/auth';
import { apiRequest } from '../../lib/api-client';

/** GET /api/tenants/current. */
export interface CurrentTenant {
  id: string;
  naturalName: string;
  schemaName: string;
  createdAt: string;
}

export const fetchCurrentTenant = (token: string, signal?: AbortSignal) =>
  apiRequest<CurrentTenant>('/api/tenants/current', { token, signal });

/**
 * Header tenant name (spec §2): 'Loading...' while fetching; on failure (or offline) the company
 * name derived from the tenantSchema claim, else 'Your Company'.
 */
export function useTenantName(token: string | null, tenantSchema: string | undefined): string {
  const [state, setState] = useState<{ token: string | null; name: string | null }>({ token: null, name: null });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchCurrentTenant(token, controller.signal)
      .then((tenant) => {
        const name = tenant?.naturalName?.trim();
        setState({ token, name: name || companyNameFromSchema(tenantSchema) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        void error;
        setState({ token, name: companyNameFromSchema(tenantSchema) });
      });
    return () => controller.abort();
  }, [token, tenantSchema]);

  if (!token) return companyNameFromSchema(tenantSchema);
  if (state.token !== token || state.name === null) return 'Loading...';
  return state.name;
}
