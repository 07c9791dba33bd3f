// The SQLite connection as the shared ports see it (../sql/database.ts): each statement compiled for
// SQLite, prepared once per SQL text, and run synchronously inside the connection's reads and writes, so
// a transaction is still one synchronous write of the batch (write-batch.ts).

import type { SQLInputValue, StatementSync } from "node:sqlite";
import { type Outcome, queryBuilder, type SqlDatabase, type Statement } from "../sql/database.ts";
import type { SqliteConnection } from "./connection.ts";

/** Prepared statements kept at most; more (lists of many lengths) start the cache afresh. */
const keptStatements = 500;

/** The shared ports' view of `connection`. */
export function sqliteDatabase(connection: SqliteConnection): SqlDatabase {
  const builder = queryBuilder("sqlite");
  const prepared = new Map<string, { statement: StatementSync; returnsRows: boolean }>();
  const run = (statement: Statement): Outcome => {
    const compiled = statement.compile(builder);
    let entry = prepared.get(compiled.sql);
    if (entry === undefined) {
      if (prepared.size >= keptStatements) prepared.clear();
      const returnsRows = /^\s*(select|with)\b|\breturning\b/i.test(compiled.sql);
      entry = { statement: connection.database.prepare(compiled.sql), returnsRows };
      prepared.set(compiled.sql, entry);
    }
    const parameters = compiled.parameters as SQLInputValue[];
    if (entry.returnsRows) {
      const rows = entry.statement.all(...parameters);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: Number(entry.statement.run(...parameters).changes) };
  };
  return {
    dialect: "sqlite",
    builder,
    read: (statement) => connection.read(() => run(statement)),
    write: (statement) => connection.write(() => run(statement)),
    transaction: (work) =>
      connection.transaction(() => {
        const steps = work();
        let step = steps.next();
        while (!step.done) step = steps.next(run(step.value));
        return step.value;
      }),
  };
}
