// Searching the user's conversations as they type: once typing pauses, not on every key, since each
// search counts against the caller's limits; an empty query shows the list again.

import { useRef, useState } from "react";
import { api, type SearchHit } from "../api.ts";

/** The query, its hits (undefined: no search, the list is shown) and how to change the query. */
export interface ConversationSearch {
  query: string;
  hits: SearchHit[] | undefined;
  search(text: string): void;
}

/** Searches 300 ms after the last key; a failure is told to `onError`. */
export function useSearch(onError: (message: string) => void): ConversationSearch {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[] | undefined>();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = (text: string) => {
    setQuery(text);
    clearTimeout(pending.current);
    if (!text.trim()) return setHits(undefined);
    pending.current = setTimeout(async () => {
      try {
        setHits((await api.search(text)).results);
      } catch (error) {
        onError((error as Error).message);
      }
    }, 300);
  };
  return { query, hits, search };
}
