-- Live updates: a transaction that moved a tenant's version announces it on the smb_versions
-- channel as '<tenant schema>:<version>'. Fired at commit (a deferred trigger, see the tenant
-- migration of the same date) and reading the version then, so every bump of one transaction
-- sends the same payload, which PostgreSQL delivers once: a push of 100 mutations is one message.
CREATE FUNCTION app.notify_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_version bigint;
BEGIN
  EXECUTE format('SELECT version FROM %I.sync_state', TG_TABLE_SCHEMA) INTO current_version;
  PERFORM pg_notify('smb_versions', TG_TABLE_SCHEMA || ':' || current_version);
  RETURN NULL;
END;
$$;
