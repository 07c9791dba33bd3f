// The tasks part of the SQLite store, over its prepared statements and its waits for other writers.

import { toTaskRecord } from "../rows.ts";
import type { TaskPage, TaskRecord, TaskStore } from "../tasks.ts";
import type { TaskStatements } from "./task-statements.ts";

/** Runs a statement, waiting for another program's lock on a timer. */
type Access = <T>(work: () => T) => Promise<T>;

/** The task methods of the store. */
export function sqliteTasks(statements: TaskStatements, read: Access, write: Access): TaskStore {
  return {
    async createTask(task: TaskRecord): Promise<void> {
      const { result: _result, ...fields } = task;
      const expiresAt = Date.parse(task.createdAt) + task.ttlMs;
      await write(() => statements.insertTask.run({ ...fields, expiresAt }));
    },

    async getTask(owner: string, id: string): Promise<TaskRecord | undefined> {
      const row = await read(() => statements.getTask.get(owner, id));
      return row === undefined ? undefined : toTaskRecord(row);
    },

    async listTasks(
      owner: string,
      page: { after?: { createdAt: string; id: string }; limit: number },
    ): Promise<TaskPage> {
      const rows = await read(() =>
        page.after
          ? statements.listTasksAfter.all(owner, page.after.createdAt, page.after.id, page.limit + 1)
          : statements.listTasksFirstPage.all(owner, page.limit + 1),
      );
      return { tasks: rows.slice(0, page.limit).map(toTaskRecord), hasMore: rows.length > page.limit };
    },

    async finishTask(id: string, end: Parameters<TaskStore["finishTask"]>[1]): Promise<boolean> {
      const result = await write(() =>
        statements.finishTask.run({
          id,
          status: end.status,
          statusMessage: end.statusMessage,
          result: end.result === null ? null : JSON.stringify(end.result),
          at: end.at,
        }),
      );
      return Number(result.changes) > 0;
    },

    async heartbeatTasks(runner: string, at: string): Promise<void> {
      await write(() => statements.heartbeatTasks.run(at, runner));
    },

    async failStaleTasks(before: string, reason: string, at: string): Promise<number> {
      const result = await write(() => statements.failStaleTasks.run({ before, reason, at }));
      return Number(result.changes);
    },

    async deleteExpiredTasks(now: number): Promise<void> {
      await write(() => statements.deleteExpiredTasks.run(now));
    },
  };
}
