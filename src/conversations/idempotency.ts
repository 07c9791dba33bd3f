// Exactly-once writes: a retry with the same idempotency key and caller returns the first call's
// stored result without calling any provider again. Concurrent duplicates in this process wait for
// the first; the key is stored in the same transaction as the turn, so a crash leaves nothing behind.

import { createHash } from "node:crypto";
import { ConsultationError } from "../consultation/consultation-error.ts";
import {
  type ConversationRecord,
  IdempotencyConflictError,
  type IdempotencyRecord,
  type MessageRecord,
  type Store,
} from "../store/store.ts";

/** What identifies one keyed call. */
export interface IdempotentCall {
  userId: string | null;
  key: string | undefined;
  tool: string;
  /** The call's arguments without the key: the same key with other arguments is refused. */
  arguments: Record<string, unknown>;
}

/** The key data a write stores with its turn. */
export interface IdempotencyStamp {
  userId: string;
  key: string;
  tool: string;
  fingerprint: string;
}

/** The store's user id for a caller: the anonymous local user is stored as "". */
export function idempotencyUser(userId: string | null): string {
  return userId ?? "";
}

/** A stable hash of the tool and its arguments (object keys sorted, undefined left out). */
export function fingerprintOf(tool: string, values: Record<string, unknown>): string {
  return createHash("sha256")
    .update(canonicalJson({ tool, arguments: values }))
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Runs keyed writes at most once per (caller, key). One gate per process. */
export class IdempotencyGate {
  readonly #running = new Map<string, Promise<unknown>>();
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Without a key, runs `write(undefined)`. With one, replays the stored turn when there is one,
   * otherwise runs `write(stamp)`, which must store the stamp with its turn.
   */
  async run<T>(
    call: IdempotentCall,
    write: (stamp: IdempotencyStamp | undefined) => Promise<T>,
    replay: (record: IdempotencyRecord) => Promise<T>,
  ): Promise<T> {
    if (call.key === undefined) return write(undefined);
    const stamp: IdempotencyStamp = {
      userId: idempotencyUser(call.userId),
      key: call.key,
      tool: call.tool,
      fingerprint: fingerprintOf(call.tool, call.arguments),
    };
    const slot = `${stamp.userId}\u0000${stamp.key}`;
    // Wait for a running call with this key; registering ours happens with no await in between, so
    // at most one call per key is in flight in this process.
    for (let running = this.#running.get(slot); running; running = this.#running.get(slot)) {
      await running.catch(() => {});
    }
    const attempt = this.#attempt(stamp, write, replay);
    this.#running.set(slot, attempt);
    try {
      return await attempt;
    } finally {
      if (this.#running.get(slot) === attempt) this.#running.delete(slot);
    }
  }

  async #attempt<T>(
    stamp: IdempotencyStamp,
    write: (stamp: IdempotencyStamp) => Promise<T>,
    replay: (record: IdempotencyRecord) => Promise<T>,
  ): Promise<T> {
    const stored = await this.#store.findIdempotencyRecord(stamp.userId, stamp.key);
    if (stored) return replay(this.#check(stored, stamp));
    try {
      return await write(stamp);
    } catch (error) {
      // Another process stored the key first: answer with its turn.
      const winner =
        error instanceof IdempotencyConflictError
          ? await this.#store.findIdempotencyRecord(stamp.userId, stamp.key)
          : undefined;
      if (!winner) throw error;
      return replay(this.#check(winner, stamp));
    }
  }

  #check(record: IdempotencyRecord, stamp: IdempotencyStamp): IdempotencyRecord {
    if (record.tool !== stamp.tool || record.fingerprint !== stamp.fingerprint) {
      throw new ConsultationError(
        "idempotency_conflict",
        `idempotencyKey "${stamp.key}" was already used for a different ${record.tool} call. Use a new key for a new request; reuse a key only to retry the very same call.`,
      );
    }
    return record;
  }
}

/** The stored turn an idempotency record points at. Throws when it is gone. */
export async function loadStoredTurn(
  record: Pick<IdempotencyRecord, "conversationId" | "userMessageId" | "assistantMessageId">,
  store: Store,
): Promise<{ conversation: ConversationRecord; user: MessageRecord; assistant: MessageRecord }> {
  const conversation = await store.getConversation(record.conversationId);
  const [user, assistant] = await store.getMessages([record.userMessageId, record.assistantMessageId]);
  if (!conversation || !user || !assistant) {
    throw new ConsultationError(
      "conversation_not_found",
      "The stored result of this idempotency key is gone.",
    );
  }
  return { conversation, user, assistant };
}
