// The store: what the rest of the program may ask of its database, as narrow ports, one per concept,
// each in its own file beside this one (kysely's dialect, split into driver, compiler, adapter). An
// opened store holds one of each; a consumer takes only the ports it needs. The SQL of the ports is
// written once in sql/ and compiled by kysely for each backend (sqlite/, postgres/); a backend's folder
// holds its connection and what is its own (search, broadcast, migrations, request counters, as redis/
// does). Each port has its own contract suite in test/store/contract/ that every backend serving it
// passes. No SQL leaks past the store.

import type { AccountStore } from "./accounts.ts";
import type { Broadcast } from "./broadcast.ts";
import type { ConversationStore } from "./conversations.ts";
import type { EvaluationStore } from "./evaluations.ts";
import type { IdempotencyStore } from "./idempotency.ts";
import type { ModelLatencyStore } from "./model-latencies.ts";
import type { RequestCounterStore } from "./request-counters.ts";
import type { SpendStore } from "./spend.ts";
import type { StreamEventStore } from "./stream-events.ts";
import type { TaskStore } from "./tasks.ts";
import type { WebSessionStore } from "./web-sessions.ts";

// The records and errors most callers need, so they can import them from here.
export {
  type Conversation,
  type ConversationListPosition,
  ConversationNotFoundError,
  type ConversationPage,
  localOwner,
  type Message,
  type MessagePage,
  type MessageRole,
  type NewMessage,
  type OwnerConversations,
  type SavedTurn,
  type SearchHit,
  type TurnInput,
} from "./conversations.ts";
export { IdempotencyConflictError, type IdempotencyEntry } from "./idempotency.ts";
export { StoreOpenError, StoreUnavailableError } from "./store-errors.ts";

/** Whether the store answers and can be written, for health checks. */
export interface StoreHealth {
  reachable: boolean;
  writable: boolean;
  /** Why it cannot be read or written, and what to do. */
  error?: string;
}

/** An opened store: its ports, and what concerns the database as a whole. */
export interface Store {
  /** Conversations and messages, one owner at a time. */
  readonly conversations: ConversationStore;
  /** Idempotency entries and the claims of running calls. */
  readonly idempotency: IdempotencyStore;
  /** API keys. */
  readonly accounts: AccountStore;
  /** Spend per user and day, and what running calls hold of their budget. */
  readonly spend: SpendStore;
  /** Rate-limit counts (in Redis when one is configured, else in the database). */
  readonly requestCounters: RequestCounterStore;
  /** Tool calls run as MCP tasks. */
  readonly tasks: TaskStore;
  /** Events of the SSE streams of 2025 MCP sessions. */
  readonly streamEvents: StreamEventStore;
  /** Sessions of the web page. */
  readonly webSessions: WebSessionStore;
  /** Messages to every process on the database. */
  readonly broadcast: Broadcast;
  /** Each model's recent latencies. */
  readonly modelLatencies: ModelLatencyStore;
  /** Evaluation runs (`ai-universe eval`): questions, answers, judgements. */
  readonly evaluations: EvaluationStore;
  /** Whether the store answers and can be written; never rejects. */
  health(): Promise<StoreHealth>;
  /**
   * A secret random key kept in the database (made on first use), for signing what the server hands
   * out and must recognise later, such as paging cursors. The same for every process on the database.
   */
  signingKey(): Promise<string>;
  /** Closes every connection; closing again does nothing. */
  close(): Promise<void>;
}

/** The names of the ports of a {@link Store}. */
export const storePorts = [
  "conversations",
  "idempotency",
  "accounts",
  "spend",
  "requestCounters",
  "tasks",
  "streamEvents",
  "webSessions",
  "broadcast",
  "modelLatencies",
  "evaluations",
] as const satisfies readonly (keyof Store)[];
