import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Versioned } from '../db/tenant-database';

export interface SyncStateTable {
  id: Generated<boolean>;
  version: ColumnType<string, never, string | number | bigint>;
  tombstone_horizon: ColumnType<string, never, string | number | bigint>;
}

export interface TombstoneTable {
  entity: string;
  id: string;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  deleted_at: CreatedAt;
}

export interface ConflictTable extends Versioned {
  id: string;
  entity: string;
  entity_id: string;
  field: string;
  overwritten_value: unknown;
  winning_value: unknown;
  overwritten_by_user: string | null;
  resolved: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SyncClientTable {
  client_id: string;
  client_group_id: string;
  user_id: string;
  last_mutation_id: ColumnType<string, string | number, string | number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SyncRejectionTable {
  client_id: string;
  mutation_id: ColumnType<string, string | number, string | number>;
  name: string;
  status_code: number;
  message: string;
  created_at: CreatedAt;
}
