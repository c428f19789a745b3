-- Conflicts name the device (issue 22.5): a device (sync client group) may carry a name its user
-- set ("Anna's tablet"), sent with every push; the last sync write of each field remembers the
-- device and the value it wrote, so a later conflict on that field can name the device whose
-- value was overwritten as well as the one that overwrote it.
CREATE TABLE sync_client_groups (
  client_group_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  device_name text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per field a sync update wrote; `value` tells whether the field still holds what that
-- device wrote (a later REST write leaves the device unknown rather than wrongly named).
CREATE TABLE sync_field_writes (
  entity text NOT NULL,
  entity_id uuid NOT NULL,
  field text NOT NULL,
  client_group_id uuid NOT NULL,
  value jsonb,
  PRIMARY KEY (entity, entity_id, field)
);

-- The names are those of the moment of the conflict (a device renamed later keeps its old name
-- here), and the e-mail of the user who overwrote (users live in the control plane).
ALTER TABLE conflicts
  ADD COLUMN overwritten_by_user_email text,
  ADD COLUMN overwritten_client_group uuid,
  ADD COLUMN overwritten_device_name text,
  ADD COLUMN overwritten_by_client_group uuid,
  ADD COLUMN overwritten_by_device_name text;
