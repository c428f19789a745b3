import pg from 'pg';

/**
 * A PostgreSQL session keeps, for each schema its queries have named, that schema's relation and
 * catalog cache entries and the plans of the statements it prepared there — most of a megabyte a
 * schema — and gives them back only when it ends. A pool serving thousands of companies, one schema
 * each, would let every backend grow towards gigabytes long before `DB_CONNECTION_LIFETIME_S`
 * replaces it. So each connection counts the schemas its queries name (`"schema"."table"`, which is
 * how every tenant query names its tables), and one that has named `maxSchemas` is ended when it is
 * next released; the pool opens a fresh one when it needs one. A pool busy with a few companies
 * never reaches the limit and keeps its warm connections.
 *
 * Returns the pool class to make and the client class it should make, built over `Base`.
 */
export function schemaRecycling(
  Base: typeof pg.Client,
  maxSchemas: number,
): { Pool: typeof pg.Pool; Client: typeof pg.Client } {
  // No limit (one shared session; a tenant lane): nothing to count.
  if (maxSchemas === Infinity) return { Pool: pg.Pool, Client: Base };
  class CountingClient extends Base {
    /** The schemas this connection's queries have named, up to `maxSchemas`. */
    readonly schemasNamed = new Set<string>();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through
    override query(config: any, values?: any, callback?: any): any {
      const text: unknown = typeof config === 'string' ? config : config?.text;
      if (typeof text === 'string' && this.schemasNamed.size < maxSchemas)
        for (const [, schema] of text.matchAll(QUALIFIER)) this.schemasNamed.add(schema!);
      return super.query(config, values, callback);
    }
  }

  /** Gives each checkout a release that ends the connection once it has named enough schemas. */
  const recycling = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release;
    client.release = (err?: Error | boolean) =>
      release(err || (client as unknown as CountingClient).schemasNamed.size >= maxSchemas);
    return client;
  };

  class RecyclingPool extends pg.Pool {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through
    override connect(callback?: any): any {
      if (!callback) return super.connect().then(recycling);
      // pg's own `pool.query` takes this path.
      super.connect((err, client, done) =>
        client ? callback(err, recycling(client), client.release) : callback(err, client, done),
      );
    }
  }

  return { Pool: RecyclingPool, Client: CountingClient as typeof pg.Client };
}

/** A qualified name in SQL: `"schema".` */
const QUALIFIER = /"([^"]+)"\./g;
