// The tasks port on PostgreSQL.

import { toTaskRecord } from "../rows.ts";
import type { TaskStore } from "../tasks.ts";
import type { PostgresConnection } from "./connection.ts";

const taskColumns =
  "id, user_id, tool, status, status_message, result, created_at, updated_at, ttl_ms, runner, heartbeat_at";

/** The tasks of `connection`. */
export function postgresTasks(connection: PostgresConnection): TaskStore {
  return {
    async create(task) {
      await connection.query(
        `INSERT INTO tasks (${taskColumns}, expires_at) VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $9, $10, $11)`,
        [
          task.id,
          task.userId,
          task.tool,
          task.status,
          task.statusMessage,
          task.createdAt,
          task.updatedAt,
          task.ttlMs,
          task.runner,
          task.heartbeatAt,
          Date.parse(task.createdAt) + task.ttlMs,
        ],
      );
    },

    async get(owner, id) {
      const row = (
        await connection.query(`SELECT ${taskColumns} FROM tasks WHERE user_id = $1 AND id = $2`, [owner, id])
      ).rows[0];
      return row === undefined ? undefined : toTaskRecord(row);
    },

    async list(owner, page) {
      const after = page.after ? { at: page.after.createdAt, id: page.after.id } : undefined;
      const select = `SELECT ${taskColumns} FROM tasks`;
      const rows = await connection.keysetRows(select, "created_at", owner, after, page.limit);
      return { tasks: rows.slice(0, page.limit).map(toTaskRecord), hasMore: rows.length > page.limit };
    },

    async finish(id, end) {
      const result = await connection.query(
        `UPDATE tasks SET status = $2, status_message = $3, result = $4, updated_at = $5 WHERE id = $1 AND status = 'working'`,
        [id, end.status, end.statusMessage, end.result === null ? null : JSON.stringify(end.result), end.at],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async heartbeat(runner, at) {
      await connection.query("UPDATE tasks SET heartbeat_at = $1 WHERE runner = $2 AND status = 'working'", [
        at,
        runner,
      ]);
    },

    async failStale(before, reason, at) {
      const result = await connection.query(
        `UPDATE tasks SET status = 'failed', status_message = $2, updated_at = $3 WHERE status = 'working' AND heartbeat_at < $1`,
        [before, reason, at],
      );
      return result.rowCount ?? 0;
    },

    async deleteExpired(now) {
      await connection.query("DELETE FROM tasks WHERE expires_at < $1", [now]);
    },
  };
}
