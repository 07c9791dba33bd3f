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
  historyInput,
  listInput,
  renameInput,
  searchInput,
} from "../../contract/inputs.ts";
import type { ConversationSummary } from "../../contract/messages.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { Store } from "../../store/store.ts";
import type { Caller } from "../caller.ts";
import type { LateWork } from "../late-work.ts";
import type { Admission } from "../limits/admission.ts";
import { conversationMarkdown } from "./conversation-markdown.ts";
import { deleteConversation } from "./delete-conversation.ts";
import { exportConversation } from "./export-conversation.ts";
import { listConversations } from "./list-conversations.ts";
import type { CursorCodec } from "./paging.ts";
import { readHistory } from "./read-history.ts";
import { renameConversation } from "./rename-conversation.ts";
import { searchConversations } from "./search-conversations.ts";

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
  const exported = async (caller: Caller, input: unknown) => {
    const { conversationId } = validateInput(conversationInput, input);
    return exportConversation(await admitted(caller), conversationId);
  };
  return {
    getHistory: async (caller, input) => {
      const request = validateInput(historyInput, input);
      return readHistory(await admitted(caller), cursors, request);
    },
    listConversations: async (caller, input) => {
      const request = validateInput(listInput, input);
      return listConversations(await admitted(caller), cursors, request);
    },
    searchConversations: async (caller, input) => {
      const request = validateInput(searchInput, input);
      return searchConversations(await admitted(caller), request);
    },
    renameConversation: async (caller, input) => {
      const request = validateInput(renameInput, input);
      return renameConversation(await admitted(caller), request);
    },
    deleteConversation: async (caller, input) => {
      const { conversationId } = validateInput(conversationInput, input);
      const deleted = await deleteConversation(await admitted(caller), conversationId);
      await lateWork.stopConversation(caller.userId, deleted.conversationId).catch(() => {});
      return deleted;
    },
    exportConversation: exported,
    readConversationMarkdown: async (caller, input) => conversationMarkdown(await exported(caller, input)),
  };
}
