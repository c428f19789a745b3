-- Servers keep the user and tenant behind a session between requests; every change to either is
-- announced on the smb_sessions channel (delivered at commit), so each server forgets it at once.
CREATE FUNCTION app.notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'tenants' THEN
    PERFORM pg_notify('smb_sessions', 'tenant:' || OLD.id);
  ELSE
    PERFORM pg_notify('smb_sessions', 'user:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON app.users
  FOR EACH ROW EXECUTE FUNCTION app.notify_session_change();
CREATE TRIGGER tenants_session_change AFTER UPDATE OR DELETE ON app.tenants
  FOR EACH ROW EXECUTE FUNCTION app.notify_session_change();
