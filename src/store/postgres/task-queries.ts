// The tasks part of the PostgreSQL store.

import { toTaskRecord } from "../rows.ts";
import type { TaskPage, TaskRecord, TaskStore } from "../tasks.ts";
import { keysetRows, type PostgresQuery } from "./postgres-query.ts";

const taskColumns =
  "id, user_id, tool, status, status_message, result, created_at, updated_at, ttl_ms, runner, heartbeat_at";

/** The task methods of the store, over `query`. */
export function postgresTasks(query: PostgresQuery): TaskStore {
  return {
    async createTask(task: TaskRecord): Promise<void> {
      await query(
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

    async getTask(owner: string, id: string): Promise<TaskRecord | undefined> {
      const row = (
        await query(`SELECT ${taskColumns} FROM tasks WHERE user_id = $1 AND id = $2`, [owner, id])
      ).rows[0];
      return row === undefined ? undefined : toTaskRecord(row);
    },

    async listTasks(
      owner: string,
      page: { after?: { createdAt: string; id: string }; limit: number },
    ): Promise<TaskPage> {
      const after = page.after ? { at: page.after.createdAt, id: page.after.id } : undefined;
      const select = `SELECT ${taskColumns} FROM tasks`;
      const rows = await keysetRows(query, select, "created_at", owner, after, page.limit);
      return { tasks: rows.slice(0, page.limit).map(toTaskRecord), hasMore: rows.length > page.limit };
    },

    async finishTask(id: string, end: Parameters<TaskStore["finishTask"]>[1]): Promise<boolean> {
      const result = await query(
        `UPDATE tasks SET status = $2, status_message = $3, result = $4, updated_at = $5 WHERE id = $1 AND status = 'working'`,
        [id, end.status, end.statusMessage, end.result === null ? null : JSON.stringify(end.result), end.at],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async heartbeatTasks(runner: string, at: string): Promise<void> {
      await query("UPDATE tasks SET heartbeat_at = $1 WHERE runner = $2 AND status = 'working'", [
        at,
        runner,
      ]);
    },

    async failStaleTasks(before: string, reason: string, at: string): Promise<number> {
      const result = await query(
        `UPDATE tasks SET status = 'failed', status_message = $2, updated_at = $3 WHERE status = 'working' AND heartbeat_at < $1`,
        [before, reason, at],
      );
      return result.rowCount ?? 0;
    },

    async deleteExpiredTasks(now: number): Promise<void> {
      await query("DELETE FROM tasks WHERE expires_at < $1", [now]);
    },
  };
}
