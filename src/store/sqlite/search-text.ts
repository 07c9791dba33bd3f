// The text search reads of a message, written with it into `search_text` (search-index-sql.ts): its
// content and, for a second opinion, every model's answer, the first 64 KiB of each. Written from the
// message as it is held here, so a late opinion's landing costs no parse of the stored JSON.

import type { Message } from "../conversations.ts";
import { searchedCharacters } from "./search-index-sql.ts";

/** What search reads of a message with `content` and `metadata`. */
export function searchTextOf(content: string, metadata: Message["metadata"]): string {
  return `${content.slice(0, searchedCharacters)} ${answersSearchText(metadata)}`;
}

/** What search reads of the answers in a message's `metadata`: the first 64 KiB of each. */
export function answersSearchText(metadata: Message["metadata"]): string {
  const opinion = metadata.secondOpinion as
    | { primary?: { response?: unknown }; secondaryOpinions?: { response?: unknown }[] }
    | undefined;
  return [opinion?.primary, ...(opinion?.secondaryOpinions ?? [])]
    .map((answer) => answer?.response)
    .filter((response): response is string => typeof response === "string")
    .map((response) => response.slice(0, searchedCharacters))
    .join(" ");
}
