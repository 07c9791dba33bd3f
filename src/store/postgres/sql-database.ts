// The PostgreSQL pool as the shared ports see it (../sql/database.ts): each statement compiled for
// PostgreSQL and run on the pool, a transaction's statements one after another on one connection.

import type pg from "pg";
import { type Outcome, queryBuilder, type SqlDatabase, type Statement } from "../sql/database.ts";
import type { PostgresConnection } from "./connection.ts";

/** The shared ports' view of `connection`. */
export function postgresDatabase(connection: PostgresConnection): SqlDatabase {
  const builder = queryBuilder("postgres");
  const run = async (
    query: (sql: string, parameters: unknown[]) => Promise<pg.QueryResult>,
    statement: Statement,
  ): Promise<Outcome> => {
    const compiled = statement.compile(builder);
    const result = await query(compiled.sql, [...compiled.parameters]);
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  };
  const onPool = (statement: Statement) =>
    run((sql, parameters) => connection.query(sql, parameters), statement);
  return {
    dialect: "postgres",
    builder,
    read: onPool,
    write: onPool,
    transaction: (work) =>
      connection.transaction(async (client) => {
        const steps = work();
        let step = steps.next();
        while (!step.done)
          step = steps.next(await run((sql, parameters) => client.query(sql, parameters), step.value));
        return step.value;
      }),
  };
}
