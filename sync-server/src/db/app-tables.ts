import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantTable {
  id: string;
  natural_name: string;
  schema_name: string;
  created_at: CreatedAt;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string | null;
  is_verified: Generated<boolean>;
  is_tenant_admin: Generated<boolean>;
  is_pending_approval: Generated<boolean>;
  token_version: Generated<number>;
  created_at: CreatedAt;
}

export type CodePurpose = 'verify' | 'reset' | 'invite';

export interface OneTimeCodeTable {
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  created_at: CreatedAt;
}

/** The control plane, schema `app`. Queries name it with `withSchema('app')`. */
export interface AppDatabase {
  tenants: TenantTable;
  users: UserTable;
  one_time_codes: OneTimeCodeTable;
  contact_messages: ContactMessageTable;
}

export type TenantRow = Selectable<TenantTable>;
export type UserRow = Selectable<UserTable>;
