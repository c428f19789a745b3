-- Issue 38.2: the control plane records how far each tenant's schema is migrated, so a server can
-- refuse a tenant whose schema is older than its code needs without asking the tenant's schema:
-- the value rides along with the tenant row every authenticated request already loads.
--  schema_version: the last tenant migration of the longest run of applied files, in name order
--    (an older file still missing keeps it before that file). Written by the migration runner in
--    the same transaction as the files, so it never claims more than the schema has.
ALTER TABLE app.tenants ADD COLUMN schema_version text;

-- Tenants that exist already: the newest file their schema records (the next run corrects it if
-- an older file is missing).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT id, schema_name FROM app.tenants LOOP
    BEGIN
      EXECUTE format('UPDATE app.tenants SET schema_version = (SELECT max(name COLLATE "C") FROM %I.schema_migrations) WHERE id = $1', t.schema_name)
        USING t.id;
    EXCEPTION WHEN undefined_table OR invalid_schema_name THEN
      NULL;
    END;
  END LOOP;
END;
$$;

-- A tenant row inserted after its schema was built (provisioning builds the schema first) takes
-- the schema's version; a row inserted before its schema exists (a restore) keeps what it was
-- given and the runner sets it once the schema is migrated.
CREATE FUNCTION app.tenant_schema_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.schema_version IS NULL THEN
    BEGIN
      EXECUTE format('SELECT max(name COLLATE "C") FROM %I.schema_migrations', NEW.schema_name)
        INTO NEW.schema_version;
    EXCEPTION WHEN undefined_table OR invalid_schema_name THEN
      NULL;
    END;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER tenants_schema_version BEFORE INSERT ON app.tenants
  FOR EACH ROW EXECUTE FUNCTION app.tenant_schema_version();
