// Full-text search in the PostgreSQL store: a tsquery of every word (the last as a prefix) over the
// tsvector of each message and its opinions, ranked, with a headline whose found words are marked. The
// text is stored once, in the message (migrations.ts): the headline rebuilds it for the rows shown.

import type { SearchHit } from "../conversations.ts";
import { bestHitPerConversation } from "../rows.ts";
import type { PostgresConnection } from "./connection.ts";

/** The owner's conversations matching `words`, best first, one hit each. */
export async function searchMessages(
  connection: PostgresConnection,
  owner: string,
  words: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  const terms = words.map((word) => word.replace(/[^\p{L}\p{N}_]/gu, "")).filter(Boolean);
  if (terms.length === 0) return [];
  const tsquery = terms.map((term, index) => `${term}${index === terms.length - 1 ? ":*" : ""}`).join(" & ");
  const rows = (
    await connection.query(
      `SELECT best.conversation_id, best.message_id, best.role, best.title, best.updated_at, best.score,
           ts_headline('english', ${searchText("best")}, best.q,
             'StartSel=**, StopSel=**, MaxWords=24, MinWords=8') AS snippet
         FROM (
           SELECT m.conversation_id, m.id AS message_id, m.role, m.content, m.metadata, m.created_at,
             c.title, c.updated_at, ts_rank(m.search, q) AS score, q
           FROM messages m JOIN conversations c ON c.id = m.conversation_id AND c.user_id = $1,
             to_tsquery('english', $2) AS q
           WHERE m.user_id = $1 AND m.search @@ q
           ORDER BY score DESC, m.created_at DESC
           LIMIT $3
         ) AS best
         ORDER BY best.score DESC, best.created_at DESC`,
      [owner, tsquery, limit * 20],
    )
  ).rows;
  return bestHitPerConversation(rows, limit, (row) => Number(row.score));
}

/**
 * The text a message of `row` is found by, for its headline: its content and, for a second opinion,
 * every model's answer (the words its tsvector holds).
 */
function searchText(row: string): string {
  const metadata = `${row}.metadata::jsonb`;
  return `${row}.content || ' ' ||
    coalesce(${metadata} #>> '{secondOpinion,primary,response}', '') || ' ' ||
    coalesce((SELECT string_agg(value ->> 'response', ' ')
              FROM jsonb_array_elements(coalesce(${metadata} #> '{secondOpinion,secondaryOpinions}', '[]'::jsonb))), '')`;
}
