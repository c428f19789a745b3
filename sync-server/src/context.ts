import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';

/** What services need beyond a request: configuration, the database and the mailer. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
}
