-- Every writer bumps sync_state.version (nextVersion, or the one-statement quote creation): at
-- commit, app.notify_version_change() tells every server's LISTEN connection.
CREATE CONSTRAINT TRIGGER sync_state_version_notify
  AFTER UPDATE OF version ON sync_state
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION app.notify_version_change();
