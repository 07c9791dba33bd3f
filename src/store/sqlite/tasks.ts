// The tasks port on SQLite.

import { toTaskRecord } from "../rows.ts";
import type { TaskStore } from "../tasks.ts";
import type { SqliteConnection } from "./connection.ts";

const columns =
  "id, user_id, tool, status, status_message, result, created_at, updated_at, ttl_ms, runner, heartbeat_at";

/** The tasks of `connection`. */
export function sqliteTasks(connection: SqliteConnection): TaskStore {
  const { database } = connection;
  const insert = database.prepare(
    `INSERT INTO tasks (${columns}, expires_at)
     VALUES (:id, :userId, :tool, :status, :statusMessage, NULL, :createdAt, :updatedAt, :ttlMs, :runner, :heartbeatAt, :expiresAt)`,
  );
  const get = database.prepare(`SELECT ${columns} FROM tasks WHERE user_id = ? AND id = ?`);
  const firstPage = database.prepare(
    `SELECT ${columns} FROM tasks WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const pageAfter = database.prepare(
    `SELECT ${columns} FROM tasks WHERE user_id = ? AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const finish = database.prepare(
    `UPDATE tasks SET status = :status, status_message = :statusMessage, result = :result, updated_at = :at
     WHERE id = :id AND status = 'working'`,
  );
  const heartbeat = database.prepare(
    "UPDATE tasks SET heartbeat_at = ? WHERE runner = ? AND status = 'working'",
  );
  const failStale = database.prepare(
    `UPDATE tasks SET status = 'failed', status_message = :reason, updated_at = :at
     WHERE status = 'working' AND heartbeat_at < :before`,
  );
  const deleteExpired = database.prepare("DELETE FROM tasks WHERE expires_at < ?");
  return {
    async create(task) {
      const { result: _result, ...fields } = task;
      const expiresAt = Date.parse(task.createdAt) + task.ttlMs;
      await connection.write(() => insert.run({ ...fields, expiresAt }));
    },

    async get(owner, id) {
      const row = await connection.read(() => get.get(owner, id));
      return row === undefined ? undefined : toTaskRecord(row);
    },

    async list(owner, page) {
      const rows = await connection.read(() =>
        page.after
          ? pageAfter.all(owner, page.after.createdAt, page.after.id, page.limit + 1)
          : firstPage.all(owner, page.limit + 1),
      );
      return { tasks: rows.slice(0, page.limit).map(toTaskRecord), hasMore: rows.length > page.limit };
    },

    async finish(id, end) {
      const result = end.result === null ? null : JSON.stringify(end.result);
      const { status, statusMessage, at } = end;
      const outcome = await connection.write(() => finish.run({ id, status, statusMessage, result, at }));
      return Number(outcome.changes) > 0;
    },

    async heartbeat(runner, at) {
      await connection.write(() => heartbeat.run(at, runner));
    },

    async failStale(before, reason, at) {
      return Number((await connection.write(() => failStale.run({ before, reason, at }))).changes);
    },

    async deleteExpired(now) {
      await connection.write(() => deleteExpired.run(now));
    },
  };
}
