// The tasks part of the storage port: long-running tool calls a client started as MCP tasks, stored
// with their owner so they survive the client's disconnect and a restart, and their result kept so
// it can be fetched once or many times with the same content.

/** Where a task is. `working` until it ends one of the three other ways. */
export type TaskStatus = "working" | "completed" | "failed" | "cancelled";

/** A stored task. Times are ISO-8601 strings in UTC. */
export interface TaskRecord {
  id: string;
  userId: string;
  /** The tool it runs, e.g. `agent.second_opinion`. */
  tool: string;
  status: TaskStatus;
  statusMessage: string | null;
  /** The tool call's result once the task ended; null while it works. */
  result: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
  /** How long the task and its result are kept after creation, in milliseconds. */
  ttlMs: number;
  /** The process running it, and when that process last said it still is. */
  runner: string;
  heartbeatAt: string;
}

/** A page of tasks, newest first. */
export interface TaskPage {
  tasks: TaskRecord[];
  hasMore: boolean;
}

/** Tasks. */
export interface TaskStore {
  createTask(task: TaskRecord): Promise<void>;
  /** The owner's task, or undefined (also when it belongs to someone else). */
  getTask(owner: string, id: string): Promise<TaskRecord | undefined>;
  /** The owner's tasks, newest first, after the task `after` when given. */
  listTasks(
    owner: string,
    page: { after?: { createdAt: string; id: string }; limit: number },
  ): Promise<TaskPage>;
  /** Ends a working task; false when it had already ended. */
  finishTask(
    id: string,
    end: {
      status: Exclude<TaskStatus, "working">;
      statusMessage: string | null;
      result: Record<string, unknown> | null;
      at: string;
    },
  ): Promise<boolean>;
  /** Marks every working task of `runner` alive at `at`. */
  heartbeatTasks(runner: string, at: string): Promise<void>;
  /** Fails every working task whose runner has not said it is alive since `before`; returns how many. */
  failStaleTasks(before: string, reason: string, at: string): Promise<number>;
  /** Deletes tasks whose time to live ran out before `now` (epoch milliseconds). */
  deleteExpiredTasks(now: number): Promise<void>;
}
