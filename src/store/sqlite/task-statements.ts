// The SQL of the tasks part of the SQLite store, prepared once per connection.

import type { DatabaseSync, StatementSync } from "node:sqlite";

/** Statements of the tasks table. */
export interface TaskStatements {
  insertTask: StatementSync;
  getTask: StatementSync;
  listTasksFirstPage: StatementSync;
  listTasksAfter: StatementSync;
  finishTask: StatementSync;
  heartbeatTasks: StatementSync;
  failStaleTasks: StatementSync;
  deleteExpiredTasks: StatementSync;
}

const columns =
  "id, user_id, tool, status, status_message, result, created_at, updated_at, ttl_ms, runner, heartbeat_at";

/** Prepares {@link TaskStatements}; the schema must already be migrated. */
export function prepareTaskStatements(database: DatabaseSync): TaskStatements {
  return {
    insertTask: database.prepare(
      `INSERT INTO tasks (${columns}, expires_at)
       VALUES (:id, :userId, :tool, :status, :statusMessage, NULL, :createdAt, :updatedAt, :ttlMs, :runner, :heartbeatAt, :expiresAt)`,
    ),
    getTask: database.prepare(`SELECT ${columns} FROM tasks WHERE user_id = ? AND id = ?`),
    listTasksFirstPage: database.prepare(
      `SELECT ${columns} FROM tasks WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    listTasksAfter: database.prepare(
      `SELECT ${columns} FROM tasks WHERE user_id = ? AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    finishTask: database.prepare(
      `UPDATE tasks SET status = :status, status_message = :statusMessage, result = :result, updated_at = :at
       WHERE id = :id AND status = 'working'`,
    ),
    heartbeatTasks: database.prepare(
      "UPDATE tasks SET heartbeat_at = ? WHERE runner = ? AND status = 'working'",
    ),
    failStaleTasks: database.prepare(
      `UPDATE tasks SET status = 'failed', status_message = :reason, updated_at = :at
       WHERE status = 'working' AND heartbeat_at < :before`,
    ),
    deleteExpiredTasks: database.prepare("DELETE FROM tasks WHERE expires_at < ?"),
  };
}
