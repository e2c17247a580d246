import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { keepPrepared } from '../db';

/** Stands for one argument while the query is compiled; replaced by the argument on every run. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query that runs on every request (the session check), built and compiled by Kysely once
 * instead of per call, and kept prepared on PostgreSQL (db `keepPrepared`: parsed once per
 * connection, its plan reused), so only for a lookup whose best plan does not depend on its values.
 * `build` receives a placeholder per argument, which it may only bind as values
 * (`where(col, '=', arg)`), never inspect; each call then runs the same SQL text with its own
 * arguments in their places. `build` takes a fixed number of arguments (no optional or rest
 * ones); a placeholder that is not bound is a programming error, refused on the first call.
 */
export function compiledOnce<A extends unknown[], O>(
  // Any database type: the helper only compiles and runs what `build` returns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  build: (...args: A) => Compilable<O>,
): (...args: A) => Promise<O[]> {
  let compiled: { sql: string; parameters: ReadonlyArray<unknown> } | undefined;
  const compile = () => {
    const slots = Array.from({ length: build.length }, (_, index) => new Slot(index));
    const query = build(...(slots as unknown as A)).compile();
    const unbound = slots.filter((slot) => !query.parameters.includes(slot));
    if (unbound.length > 0) throw new Error(`compiledOnce: argument ${unbound[0]!.index} is not bound as a value`);
    keepPrepared(query.sql);
    return { sql: query.sql, parameters: query.parameters };
  };
  return async (...args) => {
    compiled ??= compile();
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const { rows } = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}
