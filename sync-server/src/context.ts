import type { Config } from './config';
import type { Database } from './db/database';
import type { ChangeListener } from './db/listener';
import type { Mailer } from './mail/mailer';
import type { SessionCache } from './modules/auth/session-cache';

/** What services need beyond a request: configuration, the database and the mailer. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Users and tenants behind sessions; services forget one after changing it. */
  sessions: SessionCache;
  /** The process's one LISTEN connection (sessions and live updates subscribe to it). */
  changes: ChangeListener;
}
