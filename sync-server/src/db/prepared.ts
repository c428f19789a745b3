import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';

/** Stands for the i-th argument while the query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * The SQL of `prepared` queries run lately, by text, with the name PostgreSQL keeps each under,
 * least recently run first. Capped, so a server holding thousands of tenants names a bounded set:
 * a statement dropped from here runs unnamed until it is run again, and the database forgets its
 * old name with the connection (the pool replaces connections after CONNECTION_LIFETIME_SECONDS).
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;
let lastName = 0;

function nameStatement(sql: string): void {
  const name = statementNames.get(sql);
  statementNames.delete(sql);
  statementNames.set(sql, name ?? `smb_${++lastName}`);
  if (statementNames.size > MAX_NAMED_STATEMENTS)
    statementNames.delete(statementNames.keys().next().value!);
}

/**
 * A pg client that runs the SQL of `prepared` queries as named (server-side prepared) statements:
 * PostgreSQL parses and plans each once per connection instead of on every run — for the poll's
 * statement, half of what the database spent on it. Every other query passes through unchanged.
 */
export class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? statementNames.get(config) : undefined;
    if (name === undefined || typeof values === 'function')
      return super.query(config, values, callback);
    return super.query({ name, text: config, values }, callback);
  }
}

/**
 * A query that Kysely builds and compiles once per database handle and then runs with new values —
 * for the hottest statements, where building and compiling the query tree (and `withSchema`
 * rewriting it) costs more CPU than the database spends running it, and PostgreSQL's parsing and
 * planning it costs more than running it (see `PreparingClient`). `build` must give the same SQL
 * whatever its arguments (no branching on them); each argument is one bound parameter. Name the
 * columns: a `select *` kept prepared across a migration that adds one would fail ("cached plan
 * must not change result type").
 */
export function prepared<DB, A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<R>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      compiled.set(db, query);
    }
    nameStatement(query.sql);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
