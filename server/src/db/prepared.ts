import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL; on PGlite (one connection, no named statements in its
 * API) repeated pages only. List pages run the same way on both (`pagesOn`).
 *
 * - `keepPrepared(text)`: a fixed text run often with values only (the session check, a compiled
 *   lookup) is parsed once per connection instead of on every run.
 * - `keepPrepared(text, { page: true })`: a list page. Its best plan depends on its values (a rare
 *   or a common text filter, a small or a large factory), so every pooled connection runs with
 *   plan_cache_mode force_custom_plan: each run is planned for its values, never by a generic plan
 *   chosen once. Planning is then about half of PostgreSQL's time for a page (0.4 of 0.9 ms for the
 *   order list's customer filter). So a page asked for again with the same values (the list every
 *   planner opens, a board that refreshes, a filter a team shares) runs with its values written
 *   into the text, as a statement prepared and planned once per connection for exactly those
 *   values: `prepare mes_page_N as …` then `execute mes_page_N`. A plan made for the values
 *   themselves is the custom plan; PostgreSQL makes it again when the table's statistics change.
 *
 * Each statement kept costs a connection its parse tree and plan (about 140 kB for the order page),
 * so at most MAX_PAGE_STATEMENTS pages are kept, the least recently asked for going first: each
 * connection deallocates the ones that went before it runs its next page.
 *
 * A page travels as one JSON text (see `rowsAsJson`): pg reads a row of text columns field by
 * field, a call into the runtime for each value, and that was the largest part of the server's
 * time for a page (the order list: 24 columns × 20 rows, ~0.25 ms of ~0.6 ms a request). PGlite
 * builds an object per row with `Object.fromEntries`, each value through its parser.
 */

/** SQL texts run as named prepared statements, with their names. */
const preparedNames = new Map<string, string>();
/** The texts of `preparedNames` that are list pages (planned per values; repeated values written in). */
const pageTexts = new Set<string>();
/**
 * Texts kept prepared at most: each costs every connection its parse tree (tens of kilobytes), so
 * texts past this many are parsed on every run as before.
 */
const MAX_PREPARED = 400;

/** A page's values asked for recently (by text name and values), in the order last asked for. */
interface PageRun {
  /** The text with its values written in (once asked for again); null when a value cannot be written safely. */
  literal?: string | null;
  /** Its statement's name while kept. */
  name?: string;
}
const pageRuns = new Map<string, PageRun>();
/** Page runs remembered (a run asked for a second time while remembered is kept as a statement). */
const PAGE_RUNS_REMEMBERED = 2000;
/** Pages kept as statements, by name, in the order last run. */
const pageStatements = new Map<string, PageRun>();
/** Pages kept as statements at most (each connection holds their plans). */
export const MAX_PAGE_STATEMENTS = 32;
let pageStatementCount = 0;
/** Counts the pages that went: a connection whose count differs deallocates what it holds that went. */
let pageStatementsDropped = 0;

/**
 * Runs this SQL text as a named prepared statement on every PostgreSQL connection (see the top of
 * this file). For a fixed text that runs with values only (a compiled query with placeholders,
 * never text built around a value).
 */
export function keepPrepared(text: string, options: { page?: boolean } = {}): void {
  if (!preparedNames.has(text) && preparedNames.size < MAX_PREPARED) preparedNames.set(text, `mes_${preparedNames.size}`);
  if (options.page && preparedNames.has(text)) pageTexts.add(text);
}

/**
 * A value as a literal PostgreSQL reads as it reads the same value sent as an untyped parameter
 * (pg sends numbers and booleans as text too), or undefined for a value that is not written in
 * (a date, an array, a buffer; a string with a backslash or a NUL).
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return `'${String(value)}'`;
  // Only quotes need doubling while standard_conforming_strings is on (PostgreSQL's default), and a
  // backslash is refused rather than trusted to that setting.
  if (typeof value === 'string' && !/[\\\0]/.test(value)) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/**
 * The text with each `$n` outside quotes replaced by its value's literal; null when a value cannot
 * be written in, or the text has what this reader does not know (a backslash, a dollar quote).
 */
export function withValuesWritten(text: string, values: readonly unknown[]): string | null {
  if (text.includes('\\')) return null;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const close = text.indexOf(ch, i + 1);
      if (close < 0) return null;
      // A doubled quote inside is read as two quoted pieces: the same characters.
      i = close;
    } else if (ch === '$') {
      const digits = /^\d+/.exec(text.slice(i + 1, i + 12));
      const index = digits ? Number(digits[0]) - 1 : -1;
      const literal = index >= 0 && index < values.length ? literalOf(values[index]) : undefined;
      if (literal === undefined) return null;
      out += `${text.slice(from, i)}${literal}`;
      i += digits![0].length;
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/** A page's run as a kept statement when these values were asked for before; else null (planned for them as usual). */
function pageStatementFor(name: string, text: string, values: readonly unknown[]): PageRun | null {
  let key: string;
  try {
    key = `${name}\0${JSON.stringify(values)}`;
  } catch {
    return null; // a value JSON cannot name (a bigint): not written in either
  }
  const run = pageRuns.get(key);
  if (!run) {
    if (pageRuns.size >= PAGE_RUNS_REMEMBERED) {
      const [oldestKey, oldest] = pageRuns.entries().next().value as [string, PageRun];
      pageRuns.delete(oldestKey);
      if (oldest.name) dropPageStatement(oldest);
    }
    pageRuns.set(key, {});
    return null;
  }
  pageRuns.delete(key);
  pageRuns.set(key, run);
  if (run.literal === undefined) run.literal = withValuesWritten(text, values);
  if (run.literal === null) return null;
  if (run.name) {
    pageStatements.delete(run.name);
  } else {
    run.name = `mes_page_${++pageStatementCount}`;
    if (pageStatements.size >= MAX_PAGE_STATEMENTS) dropPageStatement(pageStatements.values().next().value as PageRun);
  }
  pageStatements.set(run.name, run);
  return run;
}

function dropPageStatement(run: PageRun): void {
  pageStatements.delete(run.name!);
  run.name = undefined;
  pageStatementsDropped++;
}

/** A type's parser for values in text format (the pool's: int8 as numbers). */
export type TypeParser = (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;

/**
 * Column types whose value JSON carries exactly as pg parses it from text: booleans, 16-, 32- and
 * 64-bit integers (numbers, as the pool reads int8), texts and JSON.
 */
const AS_JSON = new Set([16, 20, 21, 23, 25, 1043, 19, 114, 3802]);
/**
 * Column types sent inside the JSON as their text form (`::text` is their output function, the text
 * pg would receive) and parsed by the pool's parser: floats (NaN and infinities are not JSON
 * numbers), numeric (a string in pg), dates and times, arrays of integers and texts. A page with a
 * column of any other type travels as before.
 */
const AS_TEXT = new Set([700, 701, 1700, 1082, 1083, 1114, 1184, 1005, 1007, 1016, 1009, 1015]);
/**
 * A page of one column travels as it is: pg decodes one value a row either way, and as JSON a text
 * (the order list's rows, JSON texts themselves) would only be escaped and read back.
 */
const MIN_JSON_COLUMNS = 2;
/** PostgreSQL's most arguments of a function (json_build_array). */
const MAX_JSON_COLUMNS = 100;
/** The one column of the one row of a page that travels as JSON. */
const JSON_PAGE = 'mes_page';

/** A result column as both engines describe it (pg's FieldDef, PGlite's field). */
interface Field {
  name: string;
  dataTypeID: number;
}
/** A page's result on either engine (pg's QueryResult and PGlite's Results both are one). */
interface PageResult {
  rows: Array<Record<string, unknown>>;
  fields: Field[];
}

/** How a page text's rows travel as JSON: the wrapped text (for a text with its values written in too) and the reading back. */
interface RowsAsJson {
  wrap(text: string): string;
  /** Its statement name when run with parameters. */
  name: string;
  fields: Field[];
  read(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>>;
}
/** By page text, on PostgreSQL (every connection): how its rows travel, or null when they travel as columns (a type not listed above, too many columns). */
const rowsAsJsonByText = new Map<string, RowsAsJson | null>();

/**
 * The page as `select json_agg(json_build_array(c1, …, cN::text …))::text from (page) as rows(c1, …, cN)`:
 * one text, read by one JSON.parse, each row's columns named and parsed back as pg would have
 * (every column either a JSON value pg parses the same or its text form given to pg's parser).
 * The page's own order is kept: a subquery with an ORDER BY is never merged into the outer query,
 * so the aggregate reads its rows in their order (json_agg of no rows is null: an empty page).
 * One row instead of one a page row saved pg ~30 µs of ~150 µs a 20-row order page. Learned from
 * the columns of the page's first result.
 */
function rowsAsJson(name: string, fields: Field[], typeParser: TypeParser): RowsAsJson | null {
  if (fields.length < MIN_JSON_COLUMNS || fields.length > MAX_JSON_COLUMNS) return null;
  if (!fields.every((field) => AS_JSON.has(field.dataTypeID) || AS_TEXT.has(field.dataTypeID))) return null;
  const aliases = fields.map((_, index) => `c${index + 1}`);
  const values = fields.map((field, index) => (AS_TEXT.has(field.dataTypeID) ? `${aliases[index]}::text` : aliases[index]));
  const parsers = fields.map((field) => (AS_TEXT.has(field.dataTypeID) ? typeParser(field.dataTypeID, 'text') : null));
  const rowOf = rowReader(
    fields.map((field) => field.name),
    parsers,
  );
  return {
    wrap: (text) => `select json_agg(json_build_array(${values.join(', ')}))::text as ${JSON_PAGE} from (${text}) as mes_rows(${aliases.join(', ')})`,
    name: `${name}_rows`,
    fields,
    read: (rows) => {
      const page = rows[0]?.[JSON_PAGE] as string | null | undefined;
      return page == null ? [] : (JSON.parse(page) as unknown[][]).map(rowOf);
    },
  };
}

type Parser = ((value: string) => unknown) | null;

/**
 * A row object from a row's JSON array, as pg makes it: the columns by name in order (a name given
 * twice keeps the last value), each value of a column with a parser given to it unless null.
 * Written as one object literal per page shape (`new Function` over the names, each one a JSON
 * string literal, so no name can be read as code): V8 then builds a row at once with its final
 * shape, where assigning 24 names one by one took three times as long as the JSON.parse before
 * it (~80 µs of a 20-row page). `__proto__` is written as a computed name, which makes a column of
 * it like any other rather than the row's prototype.
 */
export function rowReader(names: readonly string[], parsers: readonly Parser[]): (columns: readonly unknown[]) => Record<string, unknown> {
  const entries = names.map((name, index) => {
    const key = name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name);
    return parsers[index] ? `${key}: c[${index}] == null ? c[${index}] : p[${index}](c[${index}])` : `${key}: c[${index}]`;
  });
  return new Function('p', `return (c) => ({ ${entries.join(', ')} });`)(parsers) as (columns: readonly unknown[]) => Record<string, unknown>;
}

/** A page's result as its columns: rows that travelled as JSON read back, any other result as it is. */
function asColumns<R extends PageResult>(result: R, shape: RowsAsJson | null | undefined): R {
  if (!shape || result.fields.length !== 1 || result.fields[0]!.name !== JSON_PAGE) return result;
  const rows = shape.read(result.rows);
  return { ...result, rows, rowCount: rows.length, fields: shape.fields };
}

/** PostgreSQL's invalid_sql_statement_name: no prepared statement of that name on the connection. */
const NO_SUCH_STATEMENT = '26000';

/** The page statements one connection holds (each with whether it answers as JSON), and the drops it has seen. */
interface HeldPages {
  statements: Map<string, boolean>;
  dropsSeen: number;
}

/** Deallocates on a connection the page statements that went (pageStatementFor) since it last looked. */
async function deallocateGone(held: HeldPages, query: (text: string) => Promise<unknown>): Promise<void> {
  if (held.dropsSeen === pageStatementsDropped) return;
  held.dropsSeen = pageStatementsDropped;
  for (const old of [...held.statements.keys()]) {
    if (pageStatements.has(old)) continue;
    held.statements.delete(old);
    // Already gone (or the transaction failed): nothing to free, and no reason to fail this page.
    await query(`deallocate ${old}`).catch(() => undefined);
  }
}

/**
 * Runs a repeated page as its kept statement on a connection: prepared there first as `prepared`
 * (the page's text with its values written in, as it travels) unless the connection holds it, then
 * executed and its result given to `read`. A page that cannot be prepared is not asked for this
 * way again; one the connection lost (a DEALLOCATE ALL or DISCARD this server did not send, or a
 * later page's deallocation on PGlite's shared connection) is prepared anew next time. Either way
 * this run is answered by `asAsked`.
 */
async function executeKept(
  held: HeldPages,
  query: (text: string) => Promise<unknown>,
  page: { run: PageRun; statement: string; prepared: string; asJson: boolean },
  read: (result: unknown) => unknown,
  asAsked: () => Promise<unknown>,
): Promise<unknown> {
  const { run, statement } = page;
  if (!held.statements.has(statement)) {
    try {
      await query(`prepare ${statement} as ${page.prepared}`);
      held.statements.set(statement, page.asJson);
    } catch (error) {
      // Not asked for this way again: planned for its values as other pages are.
      run.literal = null;
      process.stderr.write(`[db] page statement not prepared: ${(error as Error).message}\n`);
      return asAsked();
    }
  }
  try {
    return read(await query(`execute ${statement}`));
  } catch (error) {
    if ((error as { code?: string }).code !== NO_SUCH_STATEMENT) throw error;
    held.statements.delete(statement);
    return asAsked();
  }
}

/** How one database runs pages: texts without values (prepare, execute, deallocate), a page text with its values as parameters, and the columns' parsers. */
interface PageEngine {
  query(text: string): Promise<unknown>;
  withValues(text: string, name: string, values: readonly unknown[]): Promise<PageResult>;
  /** How each page text's rows travel, learned from its first result. */
  shapes: Map<string, RowsAsJson | null>;
  typeParser: TypeParser;
}

/**
 * Runs a database's pages (one connection's, one after another): a page asked for again with the
 * same values as its kept statement, others with their values as parameters; its rows as one JSON
 * text once its columns are known (the first run learns them).
 */
function pagesOn(engine: PageEngine): (text: string, name: string, values: readonly unknown[]) => Promise<PageResult> {
  /** Page statements prepared here, each with whether it answers as JSON (rowsAsJson). */
  const held: HeldPages = { statements: new Map(), dropsSeen: 0 };
  const withParameters = async (text: string, name: string, values: readonly unknown[]): Promise<PageResult> => {
    const shape = engine.shapes.get(text);
    if (shape) return asColumns(await engine.withValues(shape.wrap(text), shape.name, values), shape);
    const result = await engine.withValues(text, name, values);
    if (shape === undefined) engine.shapes.set(text, rowsAsJson(name, result.fields, engine.typeParser));
    return result;
  };
  return async (text, name, values) => {
    const run = pageStatementFor(name, text, values);
    if (!run) return withParameters(text, name, values);
    const statement = run.name!;
    await deallocateGone(held, engine.query);
    // Prepared before the page's columns were known (the same values asked for again while the first
    // run still ran), a statement answers with columns: once they are known it is prepared again as JSON.
    const shape = engine.shapes.get(text);
    if (held.statements.get(statement) === false && shape) {
      held.statements.delete(statement);
      await engine.query(`deallocate ${statement}`).catch(() => undefined);
    }
    const kept = { run, statement, prepared: shape ? shape.wrap(run.literal!) : run.literal!, asJson: Boolean(shape) };
    return executeKept(held, engine.query, kept, (result) => asColumns(result as PageResult, shape), () => withParameters(text, name, values)) as Promise<PageResult>;
  };
}

/**
 * Pages on PGlite, as on a PostgreSQL connection: its one connection keeps `prepare`d statements
 * for the life of the database, so a page asked for again with the same values runs as a statement
 * prepared (and planned) once for them; and rows travel as one JSON text, read back with PGlite's
 * own parsers (`typeParser`: what PGlite gives each column). PGlite plans and reads in WebAssembly on
 * the server's thread: the order list's customer page (200,000 orders) took 5.5 ms planned each
 * time, 2.3 ms as a kept statement, 1.2 ms kept and as JSON. Returns what runs a query text with its
 * values: the page's result, or null when the text is not a page (run it as asked).
 */
export function pagesOnPglite(
  query: (text: string, values?: unknown[]) => Promise<PageResult>,
  typeParser: TypeParser,
): (text: string, values: readonly unknown[]) => Promise<PageResult> | null {
  const pages = pagesOn({ query: (text) => query(text), withValues: (text, _name, values) => query(text, [...values]), shapes: new Map(), typeParser });
  return (text, values) => {
    const name = pageTexts.has(text) ? preparedNames.get(text) : undefined;
    return name === undefined ? null : pages(text, name, values);
  };
}

/**
 * Sets a new pooled connection up for `keepPrepared`: its `query` runs kept texts as named
 * statements (pg parses each once per connection) and pages as `pagesOn` does. The connection
 * starts with plan_cache_mode force_custom_plan (db/index.ts `withPlanSetting`).
 */
export function namePreparedStatements(client: pg.PoolClient, typeParser: TypeParser): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, ...rest: unknown[]) => Promise<unknown>;
  // One statement after another: Kysely waits for each query of a connection before the next.
  const pages = pagesOn({
    query: (text) => query(text),
    withValues: (text, name, values) => query({ name, text, values }) as Promise<pg.QueryResult>,
    shapes: rowsAsJsonByText,
    typeParser,
  });
  const named = (config: unknown, values?: unknown, ...rest: unknown[]): unknown => {
    const name = typeof config === 'string' && rest.length === 0 ? preparedNames.get(config) : undefined;
    if (name === undefined) return query(config, values, ...rest);
    const text = config as string;
    if (pageTexts.has(text) && Array.isArray(values)) return pages(text, name, values);
    return query({ name, text, values });
  };
  (client as unknown as { query: typeof named }).query = named;
}
