// Full-text search over the owner's conversations: their questions, answers and every model's
// opinion, best match first, one hit per conversation with a snippet whose found words are marked.

import { defaultSearchLimit } from "../../contract/inputs.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { SearchHit, Store } from "../../store/store.ts";

/** Most words of a query that count. */
const maxWords = 16;

/** The result of `conversation.search`. */
export interface SearchResult {
  query: string;
  results: SearchHit[];
}

/** Searches the owner's conversations. Throws invalid_argument for a query without words. */
export async function searchConversations(
  store: Store,
  owner: string,
  request: { query: string; limit?: number | undefined },
): Promise<SearchResult> {
  const words = (request.query.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, maxWords);
  if (words.length === 0) {
    throw new ServiceError(
      "invalid_argument",
      "query: give at least one word (letters or digits) to search for.",
    );
  }
  return {
    query: request.query,
    results: await store.searchConversations(owner, words, request.limit ?? defaultSearchLimit),
  };
}
