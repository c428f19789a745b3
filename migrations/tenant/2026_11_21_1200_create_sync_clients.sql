-- Sync bookkeeping, kept in the tenant schema so a tenant's data and its sync state move together
-- (schema-based sharding keeps them on one node).
CREATE TABLE sync_clients (
  client_id uuid PRIMARY KEY,
  client_group_id uuid NOT NULL,
  user_id uuid NOT NULL,
  last_mutation_id bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sync_clients_group_idx ON sync_clients (client_group_id);

-- Mutations the server refused for good, so a client learns the reason even if the push response was lost.
CREATE TABLE sync_rejections (
  client_id uuid NOT NULL,
  mutation_id bigint NOT NULL,
  name text NOT NULL,
  status_code integer NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, mutation_id)
);

-- Tombstones older than the horizon may be pruned; a pull from an older cursor gets a full reset.
ALTER TABLE sync_state ADD COLUMN tombstone_horizon bigint NOT NULL DEFAULT 0;
