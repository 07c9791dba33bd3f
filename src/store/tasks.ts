// The tasks port: long-running tool calls a client started as MCP tasks, stored with their owner so
// they survive the client's disconnect and a restart, and their result kept so it can be fetched once
// or many times with the same content. Reads take the owner; the runner's writes name the task or
// the runner (the process running tasks), which only the server knows.

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
  /** Stores a new task (its `result` is ignored: a task starts without one). */
  create(task: TaskRecord): Promise<void>;
  /** The owner's task, or undefined (also when it belongs to someone else). */
  get(owner: string, id: string): Promise<TaskRecord | undefined>;
  /** The owner's tasks, newest first (ties broken by id, descending), after the task `after` when given. */
  list(owner: string, page: { after?: { createdAt: string; id: string }; limit: number }): Promise<TaskPage>;
  /** Ends a working task; false when it had already ended (or there is none). */
  finish(id: string, end: TaskEnd): Promise<boolean>;
  /** Marks every working task of `runner` alive at `at`. */
  heartbeat(runner: string, at: string): Promise<void>;
  /** Fails every working task whose runner has not said it is alive since `before`; returns how many. */
  failStale(before: string, reason: string, at: string): Promise<number>;
  /** Deletes tasks whose time to live ran out before `now` (epoch milliseconds). */
  deleteExpired(now: number): Promise<void>;
}

/** How a task ended. */
export interface TaskEnd {
  status: Exclude<TaskStatus, "working">;
  statusMessage: string | null;
  result: Record<string, unknown> | null;
  at: string;
}
