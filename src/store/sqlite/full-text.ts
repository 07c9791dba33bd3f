// Full-text search on SQLite builds with and without FTS5. The SQLite inside Node has FTS5 from Node
// 22.16 (and in 24); Node 22.13 to 22.15, which this program also runs on, lack it. There the search index
// is a plain table with the same columns, kept by the same triggers, and a search scans the owner's rows
// for every word (case-insensitively, the last word as a prefix) and marks the words found. A database
// made with FTS5 cannot be opened by a SQLite without it: that start is refused with the Node to use.

import type { DatabaseSync } from "node:sqlite";

/** Whether this SQLite build has FTS5. */
export function sqliteHasFullText(database: DatabaseSync): boolean {
  const row = database.prepare("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS enabled").get();
  return Number(row?.enabled) === 1;
}

/** Whether the database's search index is an FTS5 table (false for the plain table, or none yet). */
export function searchIndexIsFullText(database: DatabaseSync): boolean {
  const row = database
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'message_search'")
    .get();
  return /\busing\s+fts5\b/i.test(String(row?.sql ?? ""));
}

/** The most characters of context a plain search's snippet shows on each side of the first word found. */
const context = 60;

/**
 * Whether `text` holds every one of `words` (case-insensitively; each may start a longer word), and if so
 * its snippet: the text around the first word found, the words marked `**like this**`.
 */
export function plainMatch(
  text: string,
  words: readonly string[],
): { snippet: string; score: number } | undefined {
  const lower = text.toLowerCase();
  const needles = words.map((word) => word.toLowerCase()).filter((word) => word.length > 0);
  if (needles.length === 0 || !needles.every((needle) => lower.includes(needle))) return undefined;
  const first = Math.min(...needles.map((needle) => lower.indexOf(needle)));
  const start = Math.max(0, first - context);
  const end = Math.min(text.length, first + context * 2);
  let snippet = text.slice(start, end);
  for (const needle of [...new Set(needles)].sort((a, b) => b.length - a.length)) {
    snippet = snippet.replace(new RegExp(escapeRegExp(needle), "gi"), (found) => `**${found}**`);
  }
  const score = needles.reduce((total, needle) => total + lower.split(needle).length - 1, 0);
  return { snippet: `${start > 0 ? "…" : ""}${snippet}${end < text.length ? "…" : ""}`, score };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
