// Exactly-once writes: a retry with the same idempotency key and owner returns the first call's
// stored turn without calling any provider again. Concurrent duplicates in this process wait for the
// first; duplicates in other processes (other nodes) wait on a claim in the store; the key is stored
// in the same transaction as the turn, so a crash leaves nothing behind.

import { createHash, randomUUID } from "node:crypto";
import { ServiceError } from "../../contract/service-error.ts";
import type { ConversationStore } from "../../store/conversations.ts";
import type { IdempotencyStore } from "../../store/idempotency.ts";
import {
  IdempotencyConflictError,
  type IdempotencyEntry,
  type Store,
  StoreUnavailableError,
} from "../../store/store.ts";
import type { IdempotencyStamp, StoredTurn } from "../turns/record-turn.ts";

/** A claim on a key not renewed for this long is stale (its holder died); holders renew at a third of it. A retry after a crash waits at most this long. */
const claimStaleMs = 10_000;
/** How often a duplicate checks whether the running call's turn is stored. */
const claimPollMs = 250;

/** What identifies one keyed call. */
export interface IdempotentCall {
  owner: string;
  key: string | undefined;
  tool: string;
  /** The call's arguments without the key: the same key with other arguments is refused. */
  arguments: Record<string, unknown>;
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

/** Runs keyed writes at most once per (owner, key). One gate per process. */
export class IdempotencyGate {
  readonly #running = new Map<string, Promise<unknown>>();
  readonly #idempotency: IdempotencyStore;
  readonly #conversations: ConversationStore;
  /** Who this process is, for claims on keys. */
  readonly #holder = randomUUID();

  /** Over the store's idempotency entries and claims, and its conversations (to replay a stored turn). */
  constructor(store: Pick<Store, "idempotency" | "conversations">) {
    this.#idempotency = store.idempotency;
    this.#conversations = store.conversations;
  }

  /**
   * Without a key, runs `write(undefined)`. With one, replays the stored turn when there is one,
   * otherwise runs `write(stamp)`, which must store the stamp with its turn.
   */
  async run<T>(
    call: IdempotentCall,
    write: (stamp: IdempotencyStamp | undefined) => Promise<T>,
    replay: (turn: StoredTurn) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    if (call.key === undefined) return write(undefined);
    const stamp: IdempotencyStamp = {
      key: call.key,
      tool: call.tool,
      fingerprint: fingerprintOf(call.tool, call.arguments),
    };
    const slot = `${call.owner}\u0000${stamp.key}`;
    // Wait for a running call with this key; registering ours happens with no await in between, so
    // at most one call per key is in flight in this process.
    for (let running = this.#running.get(slot); running; running = this.#running.get(slot)) {
      await running.catch(() => {});
    }
    const attempt = this.#attempt(call.owner, stamp, write, replay, signal);
    this.#running.set(slot, attempt);
    try {
      return await attempt;
    } finally {
      if (this.#running.get(slot) === attempt) this.#running.delete(slot);
    }
  }

  async #attempt<T>(
    owner: string,
    stamp: IdempotencyStamp,
    write: (stamp: IdempotencyStamp) => Promise<T>,
    replay: (turn: StoredTurn) => T,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const stored = await this.#idempotency.find(owner, stamp.key);
    if (stored) return replay(await this.#storedTurn(owner, this.#check(stored, stamp)));
    // Another process (another node) may be running this very call: wait for its turn instead of
    // running it twice.
    const claimed = await this.#claim(owner, stamp.key, signal);
    if (claimed === "replay") {
      const winner = await this.#idempotency.find(owner, stamp.key);
      if (winner) return replay(await this.#storedTurn(owner, this.#check(winner, stamp)));
    }
    const renew =
      claimed === "claimed"
        ? setInterval(() => void this.#tryClaim(owner, stamp.key).catch(() => {}), claimStaleMs / 3)
        : undefined;
    try {
      return await write(stamp);
    } catch (error) {
      // Another process stored the key first: answer with its turn.
      const winner =
        error instanceof IdempotencyConflictError
          ? await this.#idempotency.find(owner, stamp.key)
          : undefined;
      if (!winner) throw error;
      return replay(await this.#storedTurn(owner, this.#check(winner, stamp)));
    } finally {
      if (renew) {
        clearInterval(renew);
        await this.#idempotency.release(owner, stamp.key, this.#holder).catch(() => {});
      }
    }
  }

  /**
   * Claims the key for this process; while another holds it, waits for that call's turn to be
   * stored ("replay") or for its claim to go stale. "unclaimed" when the store cannot take claims
   * now (a locked or read-only file): the call then runs, deduplicated in this process only.
   */
  async #claim(
    owner: string,
    key: string,
    signal: AbortSignal | undefined,
  ): Promise<"claimed" | "replay" | "unclaimed"> {
    for (;;) {
      try {
        if (await this.#tryClaim(owner, key)) {
          return (await this.#idempotency.find(owner, key)) ? "replay" : "claimed";
        }
      } catch (error) {
        if (error instanceof StoreUnavailableError) return "unclaimed";
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, claimPollMs));
      signal?.throwIfAborted();
      if (await this.#idempotency.find(owner, key)) return "replay";
    }
  }

  #tryClaim(owner: string, key: string): Promise<boolean> {
    const now = Date.now();
    return this.#idempotency.claim(
      owner,
      key,
      this.#holder,
      new Date(now).toISOString(),
      new Date(now - claimStaleMs).toISOString(),
    );
  }

  #check(entry: IdempotencyEntry, stamp: IdempotencyStamp): IdempotencyEntry {
    if (entry.tool !== stamp.tool || entry.fingerprint !== stamp.fingerprint) {
      throw new ServiceError(
        "idempotency_conflict",
        `idempotencyKey "${stamp.key}" was already used for a different ${entry.tool} call. Use a new key for a new request; reuse a key only to retry the very same call.`,
      );
    }
    return entry;
  }

  async #storedTurn(owner: string, entry: IdempotencyEntry): Promise<StoredTurn> {
    const conversations = this.#conversations.of(owner);
    const conversation = await conversations.get(entry.conversationId);
    const [user, assistant] = await conversations.getMessages([
      entry.userMessageId,
      entry.assistantMessageId,
    ]);
    if (!conversation || !user || !assistant) {
      throw new ServiceError("conversation_not_found", "The stored result of this idempotency key is gone.");
    }
    return { conversation, user, assistant, conversationCreated: entry.conversationCreated };
  }
}
