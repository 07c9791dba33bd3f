// The inputs of the task use cases: a task's id, a list page's cursor, and the time to live a
// task-augmented call asks for. Refused inputs are invalid_argument errors naming the field.

import { z } from "zod";
import { ServiceError } from "../../contract/service-error.ts";

/** `{ taskId }`: the task a get, a cancel or a result is about. */
export const taskIdInput = z.object({ taskId: z.string().min(1).max(200) });

/** `{ cursor? }`: the page of a task list (the nextCursor of the page before). */
export const taskListInput = z.object({ cursor: z.string().max(500).optional() });

/** The shortest time to live a task may ask for, in milliseconds. */
export const minimumTtlMs = 1000;

/**
 * The time to live a task-augmented call asks for, in milliseconds (undefined: the default). Anything
 * but a whole number of milliseconds from one second on is refused as invalid_argument, before any
 * task is made.
 */
export function requestedTtl(ttl: unknown, defaultTtlMs: number): number | undefined {
  if (ttl === undefined || ttl === null) return undefined;
  if (typeof ttl === "number" && Number.isSafeInteger(ttl) && ttl >= minimumTtlMs) return ttl;
  const shown = typeof ttl === "string" ? JSON.stringify(ttl.slice(0, 40)) : String(ttl).slice(0, 40);
  throw new ServiceError(
    "invalid_argument",
    `task.ttl ${shown} is not a whole number of milliseconds from ${minimumTtlMs} on; send one (600000 is ten minutes), or leave it out for the default of ${describeDuration(defaultTtlMs)}.`,
  );
}

function describeDuration(ms: number): string {
  const hours = ms / 3_600_000;
  return Number.isInteger(hours) ? `${hours} hour${hours === 1 ? "" : "s"}` : `${ms} ms`;
}
