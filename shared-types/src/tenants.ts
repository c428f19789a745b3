import { Type, type Static } from 'typebox';
import { AUTH_MESSAGES } from './auth';
import { CompanyDetails } from './company';

export const TENANT_MESSAGES = {
  nameRequired: AUTH_MESSAGES.companyNameRequired,
  notFound: 'Company not found',
} as const;

export const Tenant = Type.Object({
  id: Type.String(),
  naturalName: Type.String(),
  schemaName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** What quotes, orders and invoices print about the company. */
  company: CompanyDetails,
});
export type Tenant = Static<typeof Tenant>;

export const TenantUpdateBody = Type.Object({ naturalName: Type.String({ maxLength: 200 }) });
export type TenantUpdateBody = Static<typeof TenantUpdateBody>;

/** Company name required, trimmed. */
export function companyNameError(name: string): string | null {
  return name.trim() ? null : TENANT_MESSAGES.nameRequired;
}
