// The tasks port on either backend.

import { toTaskRecord } from "../rows.ts";
import type { TaskStore } from "../tasks.ts";
import { newestFirst, type SqlDatabase } from "./database.ts";

const columns = ["id", "user_id", "tool", "status", "status_message", "result", "created_at", "updated_at"];

/** The tasks of `database`. */
export function sqlTasks(database: SqlDatabase): TaskStore {
  const { builder } = database;
  const tasks = builder.selectFrom("tasks").select([...columns, "ttl_ms", "runner", "heartbeat_at"]);
  const working = builder.updateTable("tasks").where("status", "=", "working");
  return {
    async create(task) {
      const { id, userId, tool, status, statusMessage, createdAt, updatedAt, ttlMs, runner, heartbeatAt } =
        task;
      const row = { id, user_id: userId, tool, status, status_message: statusMessage, result: null };
      const times = {
        created_at: createdAt,
        updated_at: updatedAt,
        ttl_ms: ttlMs,
        heartbeat_at: heartbeatAt,
      };
      const expiresAt = Date.parse(createdAt) + ttlMs;
      await database.write(
        builder.insertInto("tasks").values({ ...row, ...times, runner, expires_at: expiresAt }),
      );
    },

    async get(owner, id) {
      const row = (await database.read(tasks.where("user_id", "=", owner).where("id", "=", id))).rows[0];
      return row === undefined ? undefined : toTaskRecord(row);
    },

    async list(owner, page) {
      const after = page.after ? { at: page.after.createdAt, id: page.after.id } : undefined;
      const query = newestFirst(tasks.where("user_id", "=", owner), "created_at", after, page.limit + 1);
      const { rows } = await database.read(query);
      return { tasks: rows.slice(0, page.limit).map(toTaskRecord), hasMore: rows.length > page.limit };
    },

    async finish(id, end) {
      const result = end.result === null ? null : JSON.stringify(end.result);
      const { status, statusMessage, at } = end;
      const finished = working.set({ status, status_message: statusMessage, result, updated_at: at });
      return (await database.write(finished.where("id", "=", id))).changes > 0;
    },

    async heartbeat(runner, at) {
      await database.write(working.set({ heartbeat_at: at }).where("runner", "=", runner));
    },

    async failStale(before, reason, at) {
      const failed = working.set({ status: "failed", status_message: reason, updated_at: at });
      return (await database.write(failed.where("heartbeat_at", "<", before))).changes;
    },

    async deleteExpired(now) {
      await database.write(builder.deleteFrom("tasks").where("expires_at", "<", now));
    },
  };
}
