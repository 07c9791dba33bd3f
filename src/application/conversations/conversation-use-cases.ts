// The use cases over the caller's stored conversations: read a page of history, list, search, rename,
// delete (stopping the conversation's models still answering), export, and export as Markdown. Each
// validates its input, is counted against the caller's tier, and reads only the caller's conversations.

import type {
  ConversationExport,
  ConversationListResult,
  DeleteResult,
  HistoryResult,
  SearchResult,
} from "../../contract/conversations.ts";
import {
  conversationInput,
  defaultListPageSize,
  defaultSearchLimit,
  historyInput,
  listInput,
  renameInput,
  searchInput,
} from "../../contract/inputs.ts";
import { type ConversationSummary, contractMessage, type StoredMessage } from "../../contract/messages.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import type { Store } from "../../store/store.ts";
import type { Caller } from "../caller.ts";
import type { LateWork } from "../late-work.ts";
import type { Admission } from "../limits/admission.ts";
import { conversationMarkdown } from "./conversation-markdown.ts";
import { findConversation } from "./find-conversation.ts";
import type { CursorCodec } from "./paging.ts";
import { readHistory } from "./read-history.ts";

/** Most words of a search query that count. */
const maxSearchWords = 16;

/**
 * Where a page of the conversation list ends: it is keyset-paged on (updatedAt, id), so pages stay
 * stable while new conversations arrive.
 */
interface ListPosition {
  u: string;
  i: string;
}

/** The conversation use cases (see Application). */
export interface ConversationUseCases {
  /** One page of a conversation's messages, oldest first. */
  getHistory(caller: Caller, input: unknown): Promise<HistoryResult>;
  /** One page of the caller's conversations, most recently updated first. */
  listConversations(caller: Caller, input: unknown): Promise<ConversationListResult>;
  /** The caller's conversations matching some words, best first, with highlighted snippets. */
  searchConversations(caller: Caller, input: unknown): Promise<SearchResult>;
  /** Gives a conversation a new title. */
  renameConversation(caller: Caller, input: unknown): Promise<ConversationSummary>;
  /** Deletes a conversation with all its messages, and stops its models still answering. */
  deleteConversation(caller: Caller, input: unknown): Promise<DeleteResult>;
  /** A whole conversation with every message. */
  exportConversation(caller: Caller, input: unknown): Promise<ConversationExport>;
  /** A whole conversation as Markdown. */
  readConversationMarkdown(caller: Caller, input: unknown): Promise<string>;
}

/** Builds the conversation use cases over `store`. */
export function createConversationUseCases(
  store: Store,
  admission: Admission,
  cursors: CursorCodec,
  lateWork: LateWork,
): ConversationUseCases {
  const admitted = async (caller: Caller) => {
    await admission.admit(caller);
    return store.conversations.of(caller.userId);
  };
  // A whole conversation, read page by page.
  const exported = async (caller: Caller, input: unknown): Promise<ConversationExport> => {
    const { conversationId } = validateInput(conversationInput, input);
    const conversations = await admitted(caller);
    const conversation = await findConversation(conversations, conversationId);
    const messages: StoredMessage[] = [];
    for (let afterSequence = 0; ; ) {
      const page = await conversations.readMessages(conversation.id, { afterSequence, limit: 200 });
      messages.push(...page.messages.map(contractMessage));
      const last = page.messages.at(-1);
      if (!page.hasMore || !last) break;
      afterSequence = last.sequence;
    }
    return { conversation, messages };
  };
  return {
    getHistory: async (caller, input) => {
      const request = validateInput(historyInput, input);
      return readHistory(await admitted(caller), cursors, request);
    },
    listConversations: async (caller, input) => {
      const request = validateInput(listInput, input);
      return listPage(await admitted(caller), cursors, request);
    },
    searchConversations: async (caller, input) => {
      const request = validateInput(searchInput, input);
      const words = (request.query.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, maxSearchWords);
      if (words.length === 0) {
        throw new ServiceError(
          "invalid_argument",
          "query: give at least one word (letters or digits) to search for.",
        );
      }
      const conversations = await admitted(caller);
      return {
        query: request.query,
        results: await conversations.search(words, request.limit ?? defaultSearchLimit),
      };
    },
    renameConversation: async (caller, input) => {
      const request = validateInput(renameInput, input);
      const conversations = await admitted(caller);
      const conversation = await findConversation(conversations, request.conversationId);
      const renamed = (await conversations.rename(conversation.id, request.title)) ?? conversation;
      const { userId: _owner, ...summary } = renamed;
      return summary;
    },
    deleteConversation: async (caller, input) => {
      const { conversationId } = validateInput(conversationInput, input);
      const conversations = await admitted(caller);
      const conversation = await findConversation(conversations, conversationId);
      await conversations.delete(conversation.id);
      await lateWork.stopConversation(caller.userId, conversation.id).catch(() => {});
      return { conversationId: conversation.id, deleted: true, messagesDeleted: conversation.messageCount };
    },
    exportConversation: exported,
    readConversationMarkdown: async (caller, input) => conversationMarkdown(await exported(caller, input)),
  };
}

/** One page of the owner's conversations, most recently updated first. */
async function listPage(
  conversations: OwnerConversations,
  cursors: CursorCodec,
  request: { limit?: number | undefined; cursor?: string | undefined },
): Promise<ConversationListResult> {
  const after = request.cursor
    ? cursors.decode<ListPosition>(
        request.cursor,
        (value): value is ListPosition & Record<string, unknown> =>
          typeof value.u === "string" && !Number.isNaN(Date.parse(value.u)) && typeof value.i === "string",
      )
    : undefined;
  const page = await conversations.list({
    limit: request.limit ?? defaultListPageSize,
    ...(after ? { after: { updatedAt: after.u, id: after.i } } : {}),
  });
  const last = page.conversations.at(-1);
  return {
    conversations: page.conversations.map(({ userId: _userId, ...summary }) => summary),
    hasMore: page.hasMore,
    nextCursor: page.hasMore && last ? cursors.encode({ u: last.updatedAt, i: last.id }) : null,
  };
}
