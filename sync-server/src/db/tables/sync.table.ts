import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Versioned } from './columns';

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
  overwritten_by_user_email: string | null;
  /** The device (sync client group) whose value was overwritten, when known, and its name then. */
  overwritten_client_group: string | null;
  overwritten_device_name: string | null;
  /** The device that overwrote it, and its name then. */
  overwritten_by_client_group: string | null;
  overwritten_by_device_name: string | null;
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

/** A device (sync client group) and the name its user gave it. */
export interface SyncClientGroupTable {
  client_group_id: string;
  user_id: string;
  device_name: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The device whose sync update last wrote a field, and the value it wrote. */
export interface SyncFieldWriteTable {
  entity: string;
  entity_id: string;
  field: string;
  client_group_id: string;
  value: unknown;
}
