// Full-text search over the owner's conversations: their questions, answers and every model's
// opinion, best match first, one hit per conversation with a snippet whose found words are marked.

import type { SearchResult } from "../../contract/conversations.ts";
import { defaultSearchLimit } from "../../contract/inputs.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { OwnerConversations } from "../../store/conversations.ts";

/** Most words of a query that count. */
const maxWords = 16;

/** Searches the owner's conversations. Throws invalid_argument for a query without words. */
export async function searchConversations(
  conversations: OwnerConversations,
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
    results: await conversations.search(words, request.limit ?? defaultSearchLimit),
  };
}
