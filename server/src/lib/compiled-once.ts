import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { keepPrepared } from '../db';

/** Stands for one argument while a query is compiled; replaced by the argument on every run. */
class Slot {
  constructor(readonly index: number) {}
}

/** A query compiled once with a placeholder per argument: its text, and its parameters with the placeholders in them. */
export interface SlottedQuery {
  sql: string;
  parameters: readonly unknown[];
  /** Arguments whose placeholder is not among the parameters (inlined, inspected or left out): the text cannot be reused. */
  unbound: number[];
}

/**
 * Compiles the query `build` makes from `count` placeholders, which it may only bind as values
 * (`where(col, '=', arg)`, `limit(arg)`), never inspect.
 */
export function compileSlotted(count: number, build: (args: readonly unknown[]) => Compilable<unknown>): SlottedQuery {
  const slots = Array.from({ length: count }, (_, index) => new Slot(index));
  const query = build(slots).compile();
  const unbound = slots.filter((slot) => !query.parameters.includes(slot)).map((slot) => slot.index);
  return { sql: query.sql, parameters: query.parameters, unbound };
}

/** The compiled parameters with each placeholder replaced by its argument (constants kept). */
export function bindSlotted(query: SlottedQuery, args: readonly unknown[]): unknown[] {
  return query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
}

/**
 * A query that runs on every request (the session check), built and compiled by Kysely once
 * instead of per call, and kept prepared on PostgreSQL (db `keepPrepared`: parsed once per
 * connection, its plan reused), so only for a lookup whose best plan does not depend on its values.
 * `build` receives a placeholder per argument (see compileSlotted); each call then runs the same
 * SQL text with its own arguments in their places. `build` takes a fixed number of arguments (no
 * optional or rest ones); a placeholder that is not bound is a programming error, refused on the
 * first call.
 */
export function compiledOnce<A extends unknown[], O>(
  // Any database type: the helper only compiles and runs what `build` returns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  build: (...args: A) => Compilable<O>,
): (...args: A) => Promise<O[]> {
  let compiled: SlottedQuery | undefined;
  const compile = () => {
    const query = compileSlotted(build.length, (args) => build(...(args as A)));
    if (query.unbound.length > 0) throw new Error(`compiledOnce: argument ${query.unbound[0]} is not bound as a value`);
    keepPrepared(query.sql);
    return query;
  };
  return async (...args) => {
    compiled ??= compile();
    const { rows } = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, bindSlotted(compiled, args)));
    return rows;
  };
}
