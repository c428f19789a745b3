import { useEffect, useState } from 'react';
import { companyNameFromSchema } from '@smb/shared-types/auth';
import { apiRequest } from '../../lib/api-client';
import { useLocalTenant } from '../../db/live';

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
 * Header tenant name. The local tenant comes first: the last pull's, with this device's
 * unsynced rename applied, so an offline rename in Settings shows at once. Before the first pull
 * the server's GET /api/tenants/current; on failure (or offline) the company name derived from
 * the tenantSchema claim, else 'Your Company'. 'Loading...' while nothing is known yet.
 */
export function useTenantName(token: string | null, tenantSchema: string | undefined): string {
  const local = useLocalTenant();
  const [state, setState] = useState<{ token: string | null; name: string | null }>({
    token: null,
    name: null,
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchCurrentTenant(token, controller.signal)
      .then((tenant) => {
        const name = tenant?.naturalName?.trim();
        setState({ token, name: name || companyNameFromSchema(tenantSchema) });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ token, name: companyNameFromSchema(tenantSchema) });
      });
    return () => controller.abort();
  }, [token, tenantSchema]);

  const localName = local?.naturalName?.trim();
  if (localName) return localName;
  if (!token) return companyNameFromSchema(tenantSchema);
  if (state.token !== token || state.name === null) return 'Loading...';
  return state.name;
}
