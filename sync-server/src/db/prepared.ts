import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for the i-th argument while the query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query that Kysely builds and compiles once per database handle and then runs with new values —
 * for the hottest statements, where building and compiling the query tree (and `withSchema`
 * rewriting it) costs more CPU than the database spends running it. `build` must give the same
 * SQL whatever its arguments (no branching on them); each argument is one bound parameter.
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
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
