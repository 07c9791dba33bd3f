// One description of the queries, compiled per dialect: the ports in this folder build their statements
// with kysely's query builder (or its `sql` tag, where one text reads alike in both dialects), and each
// backend runs them on its own connection (SQLite synchronously, so a transaction stays one synchronous
// write; PostgreSQL on a pool). kysely only compiles here: it has no driver of its own, so what runs,
// retries and locks stays the backends'. Hot statements are prepared: compiled once, run with values.

import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  type SelectQueryBuilder,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";

/** Every table, loosely typed: the rows' meaning lives in rows.ts. */
type Tables = Record<string, Record<string, unknown>>;

/** The query builder the ports describe their statements with. */
export type QueryBuilder = Kysely<Tables>;

/** A row as the database returns it. */
export type Row = Record<string, unknown>;

/** A statement: a query of the builder, or raw `sql`, compiled for the database it runs on. */
export interface Statement {
  compile(builder: QueryBuilder): CompiledQuery;
}

/** What a statement came to: the rows it returned (a select, or RETURNING) and how many it changed. */
export interface Outcome {
  rows: Row[];
  changes: number;
}

/** Statements run as one transaction: each yielded statement is given back what it came to. */
export type Work<T> = Generator<Statement, T, Outcome>;

/** A database of either backend, as the shared ports see it. */
export interface SqlDatabase {
  readonly dialect: "sqlite" | "postgres";
  readonly builder: QueryBuilder;
  /** Runs one statement that reads. */
  read(statement: Statement): Promise<Outcome>;
  /** Runs one statement that writes (atomic on its own). */
  write(statement: Statement): Promise<Outcome>;
  /** Runs `work` as one transaction: all of it, or none of it on a throw. */
  transaction<T>(work: () => Work<T>): Promise<T>;
}

/** A builder that compiles for `dialect` and runs nothing. */
export function queryBuilder(dialect: SqlDatabase["dialect"]): QueryBuilder {
  const postgres = dialect === "postgres";
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (database) =>
        postgres ? new PostgresIntrospector(database) : new SqliteIntrospector(database),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

/** The larger of two values: SQLite's two-argument max, PostgreSQL's greatest. */
export function greatest(database: SqlDatabase, first: unknown, second: unknown): RawBuilder<unknown> {
  return sql`${sql.raw(database.dialect === "sqlite" ? "max" : "greatest")}(${first}, ${second})`;
}

/** The number of rows `outcome` changed, as whether it changed any. */
export const changedAny = (outcome: Outcome): boolean => outcome.changes > 0;

/**
 * `query` as `rows` rows (a page and one more, to tell whether more follow), newest first by (`column`,
 * id), after the row at `after` when given.
 */
export function newestFirst(
  query: SelectQueryBuilder<Tables, string, Row>,
  column: string,
  after: { at: unknown; id: unknown } | undefined,
  rows: unknown,
): SelectQueryBuilder<Tables, string, Row> {
  const page = after
    ? query.where((expression) =>
        expression(expression.refTuple(column, "id"), "<", expression.tuple(after.at, after.id)),
      )
    : query;
  return page
    .orderBy(column, "desc")
    .orderBy("id", "desc")
    .limit(rows as number);
}

/** A value of a prepared statement, named when it is described and given when it runs. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * A statement described once, with `slot(name)` for each value, and compiled once for `database`; then
 * run with the values. For the hot paths, where building the query each time would cost more than
 * running it.
 */
export function prepare<Values extends Record<string, unknown>>(
  database: SqlDatabase,
  describe: (slot: (name: keyof Values & string) => unknown) => Statement,
): (values: Values) => Statement {
  const query = describe((name) => new Slot(name)).compile(database.builder);
  const names = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : undefined));
  const fill = (values: Values) =>
    names.map((name, index) => (name === undefined ? query.parameters[index] : values[name]));
  return (values) => ({ compile: () => ({ ...query, parameters: fill(values) }) });
}
