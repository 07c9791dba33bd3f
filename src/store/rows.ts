// Mapping between database rows and the store's records (conversations, messages, idempotency
// entries, API keys, tasks, web sessions). Both backends name and type their columns alike, so one
// mapping serves.

import type { ApiKeyRecord } from "./accounts.ts";
import type { Conversation, Message, MessageRole, SearchHit } from "./conversations.ts";
import type { IdempotencyEntry } from "./idempotency.ts";
import type { TaskRecord, TaskStatus } from "./tasks.ts";
import type { WebSessionRecord } from "./web-sessions.ts";

type Row = Record<string, unknown>;

/** Longest preview kept in `conversations.last_message_preview`, in characters. */
export const previewLength = 160;

/** `Name` in the columns' snake_case: `userId` is `user_id`. */
type ColumnName<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${ColumnName<Rest>}`
  : Name;

/** The row of a record of type `Fields`: its fields under their column names. */
type RowOf<Fields> = { [Field in keyof Fields & string as ColumnName<Field>]: Fields[Field] };

/** A `conversations` row as a record. */
export function toConversation(row: Row): Conversation {
  const conversation = row as unknown as RowOf<Conversation>;
  return {
    id: conversation.id,
    userId: conversation.user_id,
    title: conversation.title,
    messageCount: conversation.message_count,
    createdAt: conversation.created_at,
    updatedAt: conversation.updated_at,
    lastMessagePreview: conversation.last_message_preview,
  };
}

/** A `messages` row as a record; metadata is parsed, and is `{}` when absent or not an object. */
export function toMessage(row: Row): Message {
  const message = row as unknown as RowOf<Omit<Message, "metadata">> & { metadata: string };
  return {
    id: message.id,
    conversationId: message.conversation_id,
    role: message.role,
    content: message.content,
    userId: message.user_id,
    sequence: message.sequence,
    createdAt: message.created_at,
    metadata: parseMetadata(message.metadata),
  };
}

/** An `api_keys` row as a record. */
export function toApiKeyRecord(row: Row): ApiKeyRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    tier: String(row.tier),
    hash: String(row.hash),
    createdAt: String(row.created_at),
    revokedAt: row.revoked_at === null ? null : String(row.revoked_at),
  };
}

/** An `idempotency_records` row as a record. */
export function toIdempotencyEntry(row: Row): IdempotencyEntry {
  const record = row as unknown as RowOf<Omit<IdempotencyEntry, "conversationCreated">> & {
    conversation_created: number;
  };
  return {
    userId: record.user_id,
    key: record.key,
    tool: record.tool,
    fingerprint: record.fingerprint,
    conversationId: record.conversation_id,
    conversationCreated: record.conversation_created === 1,
    userMessageId: record.user_message_id,
    assistantMessageId: record.assistant_message_id,
    createdAt: record.created_at,
  };
}

/** The columns of a message's row: the record's fields, metadata as JSON text. */
export function toMessageRow(message: Message): Record<string, string | number> {
  return {
    id: message.id,
    conversation_id: message.conversationId,
    role: message.role,
    content: message.content,
    user_id: message.userId,
    sequence: message.sequence,
    created_at: message.createdAt,
    metadata: JSON.stringify(message.metadata ?? {}),
  };
}

function parseMetadata(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The conversation-list preview of a message: whitespace runs folded to single spaces so it fits on
 * one line, cut to {@link previewLength} characters with an ellipsis when longer.
 */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  if (characters.length <= previewLength) return line;
  return `${characters.slice(0, previewLength - 1).join("")}…`;
}

/** A `tasks` row as a record. */
export function toTaskRecord(row: Row): TaskRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    tool: String(row.tool),
    status: String(row.status) as TaskStatus,
    statusMessage: row.status_message === null ? null : String(row.status_message),
    result: row.result === null ? null : (JSON.parse(String(row.result)) as Record<string, unknown>),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    ttlMs: Number(row.ttl_ms),
    runner: String(row.runner),
    heartbeatAt: String(row.heartbeat_at),
  };
}

/**
 * Search rows (best first, several per conversation) as hits: the first row of each conversation, at
 * most `limit`; `score` reads a row's score, higher better.
 */
export function bestHitPerConversation(
  rows: readonly Row[],
  limit: number,
  score: (row: Row) => number,
): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  for (const row of rows) {
    const conversationId = String(row.conversation_id);
    if (hits.has(conversationId)) continue;
    hits.set(conversationId, {
      conversationId,
      title: row.title === null ? null : String(row.title),
      updatedAt: String(row.updated_at),
      messageId: String(row.message_id),
      role: String(row.role) as MessageRole,
      snippet: String(row.snippet),
      score: Math.round(score(row) * 1000) / 1000,
    });
    if (hits.size === limit) break;
  }
  return [...hits.values()];
}

/** The saved latencies from their JSON: every model's list of whole milliseconds; {} for anything else. */
export function parseLatencies(value: unknown): Record<string, number[]> {
  let parsed: unknown;
  try {
    parsed = typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([model, samples]) =>
      Array.isArray(samples) ? [[model, samples.filter((ms): ms is number => Number.isFinite(ms))]] : [],
    ),
  );
}

/** A `web_sessions` row as a record. */
export function toWebSessionRecord(row: Row): WebSessionRecord {
  return {
    hash: String(row.hash),
    userId: String(row.user_id),
    tier: String(row.tier),
    credentialId: String(row.credential_id),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}
