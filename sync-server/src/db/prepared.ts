import { createHash, randomBytes } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';

/** Stands for the i-th argument while the query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * This process's statement names start with a prefix of their own, so a name means one SQL text
 * in any session: a session that outlives a process (pglite-socket's single session, a pooler
 * keeping server connections) may hold another process's `smb_…_7` for another text.
 */
const NAME_PREFIX = `smb_${randomBytes(4).toString('hex')}_`;

/**
 * The SQL of `prepared` queries run lately, by text, with the name PostgreSQL keeps each under,
 * least recently run first. Capped, so a server holding thousands of tenants names a bounded set:
 * a statement dropped from here runs unnamed until it is run again. Its name comes from its text,
 * so run again it has the same name: a session that prepared it before runs it as it is, rather
 * than preparing a second copy under a new name and keeping the first, unused, until it ends.
 * (With load spread over thousands of companies nearly every statement is dropped before it is
 * run again; counted names left each backend a few new copies per request.)
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

/** This process's name for a statement: its text's hash (collisions are beyond reach at 96 bits). */
const nameFor = (sql: string) =>
  `${NAME_PREFIX}${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;

function nameStatement(sql: string): void {
  const name = statementNames.get(sql);
  statementNames.delete(sql);
  statementNames.set(sql, name ?? nameFor(sql));
  if (statementNames.size > MAX_NAMED_STATEMENTS)
    statementNames.delete(statementNames.keys().next().value!);
}

/**
 * Stops naming the statements of a schema that is gone (a deleted tenant's): they run no more,
 * and sessions release them when they next connect. Returns the names they had, for a session
 * that should release them at once.
 */
export function forgetStatementsOf(schemaName: string): string[] {
  const marker = `"${schemaName}".`;
  const names: string[] = [];
  for (const [sql, name] of [...statementNames])
    if (sql.includes(marker)) {
      statementNames.delete(sql);
      names.push(name);
    }
  return names;
}

/** pg's record, per connection, of the statements it has prepared: name → SQL text. */
type ParsedStatements = Record<string, string>;

/**
 * A named statement is planned for its values on each of its first five runs (a custom plan), and
 * only then kept as one plan for all values if that is no worse. A company's statement comes
 * from its own schema, so with thousands of companies each named statement runs a handful of
 * times per session, not thousands, and nearly every run paid for planning: reads of one customer
 * spread over 10,000 companies ran at 66 % of the rate of reads on ten, and at 79–87 % once
 * planned once (`bench/README.md` § 10,000 companies in 10 lanes). The statements
 * named here read a company's small tables by key, or a page of one, where a plan for any value is
 * the plan for each; so they are planned once, when prepared. Only named statements follow this
 * setting: every other query is planned for its values as before.
 */
const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

/** SQLSTATE 26000: the session holds no statement of that name. */
const NO_SUCH_STATEMENT = '26000';

/**
 * What a database session holds prepared belongs to that session, not to the connection the pool
 * happens to use. On PostgreSQL every connection is a session of its own, born empty. Behind
 * pglite-socket every connection shares PGlite's one session, which outlives the connections the
 * pool closes when idle and replaces when old: a new connection there finds the statements its
 * predecessors prepared. So a client asks its session what it holds when it connects, and runs
 * those by name without preparing them again; connections that share one session
 * (`sharedSession`) also share one record, so what one prepares the others know. A statement the
 * session turns out not to hold (SQLSTATE 26000) is forgotten and prepared again: at once when no
 * transaction is open (the failed run did nothing), else on its next run.
 */
export function preparingClient(options: { sharedSession: boolean }): typeof pg.Client {
  const sessionRecord: ParsedStatements | undefined = options.sharedSession ? {} : undefined;

  return class PreparingClient extends pg.Client {
    private get parsedStatements(): ParsedStatements {
      return (this as unknown as { connection: { parsedStatements: ParsedStatements } }).connection
        .parsedStatements;
    }

    private set parsedStatements(record: ParsedStatements) {
      (
        this as unknown as { connection: { parsedStatements: ParsedStatements } }
      ).connection.parsedStatements = record;
    }

    /**
     * Connected, then asks its session what it holds before the pool hears of it. Meanwhile the
     * pool has no 'error' listener on this client yet, so a session ended then (a terminated
     * backend, a restarting database: its FATAL message arrives when no query is running) would
     * be an unhandled 'error' event and end the process. Such an error fails the connect instead,
     * and the pool moves on to a new connection.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through
    override connect(callback?: any): any {
      let ended: Error | undefined;
      const onError = (err: Error) => {
        ended ??= err;
      };
      this.on('error', onError);
      const connected = super.connect().then(async () => {
        await this.learnSessionStatements();
        if (ended) throw ended;
        await super.query(GENERIC_PLANS);
        return this;
      });
      // Removed once the caller has been told (the pool adds its own listener then).
      const stopListening = () => this.removeListener('error', onError);
      if (!callback) return connected.finally(stopListening);
      connected.then(() => callback(null, this), callback).finally(stopListening);
    }

    /**
     * Takes the session's own account of this process's statements as the record to go by, and
     * releases those no longer named (dropped from the names run lately, or a deleted tenant's):
     * a session that never ends — PGlite's — would otherwise keep every statement it was given.
     */
    private async learnSessionStatements(): Promise<void> {
      const { rows } = await super.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements where starts_with(name, $1)',
        [NAME_PREFIX],
      );
      const named = new Set(statementNames.values());
      const record = sessionRecord ?? {};
      for (const name of Object.keys(record)) delete record[name];
      for (const row of rows) {
        if (named.has(row.name)) record[row.name] = row.statement;
        else await super.query(`deallocate "${row.name}"`);
      }
      this.parsedStatements = record;
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through
    override query(config: any, values?: any, callback?: any): any {
      const name = typeof config === 'string' ? statementNames.get(config) : undefined;
      if (name === undefined || typeof values === 'function')
        return super.query(config, values, callback);
      const run = () => super.query({ name, text: config, values }) as Promise<pg.QueryResult>;
      const running = run().catch((err: { code?: string }) => {
        if (err.code !== NO_SUCH_STATEMENT) throw err;
        delete this.parsedStatements[name];
        // Outside a transaction the failed run did nothing: prepare it and run it again.
        if (this.getTransactionStatus() === 'I') return run();
        throw err;
      });
      if (!callback) return running;
      running.then((result) => callback(null, result), callback);
    }
  };
}

/**
 * A query that Kysely builds and compiles once per database handle and then runs with new values —
 * for the hottest statements, where building and compiling the query tree (and `withSchema`
 * rewriting it) costs more CPU than the database spends running it, and PostgreSQL's parsing and
 * planning it costs more than running it (see `preparingClient`). `build` must give the same SQL
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
