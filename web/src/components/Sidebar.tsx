// The user's conversations: search, open, rename, delete, export as Markdown. On a narrow screen the
// list folds behind a Conversations button, so the question and the answer come first.

import { useId, useRef, useState } from "react";
import type { ConversationSummary, SearchHit } from "../api.ts";
import { api } from "../api.ts";

/** A snippet cut into plain and **marked** pieces, each with its offset as a stable key. */
function pieces(snippet: string): { text: string; marked: boolean; at: number }[] {
  let at = 0;
  return snippet.split(/(\*\*[^*]+\*\*)/).map((part) => {
    const piece = {
      text: part.startsWith("**") ? part.slice(2, -2) : part,
      marked: part.startsWith("**"),
      at,
    };
    at += part.length;
    return piece;
  });
}

export function Sidebar({
  conversations,
  current,
  onOpen,
  onNew,
  onChanged,
  onError,
}: {
  conversations: ConversationSummary[];
  current: string | undefined;
  onOpen: (id: string) => void;
  onNew: () => void;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[] | undefined>();
  // Only a narrow screen folds the list (styles.css): on a wide one it is always shown.
  const [unfolded, setUnfolded] = useState(false);
  const list = useId();
  const choose = (id: string) => {
    setUnfolded(false);
    onOpen(id);
  };
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Searches once typing pauses, not on every key: each search counts against the caller's limits.
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
  const rename = async (conversation: ConversationSummary) => {
    const title = window.prompt("New title", conversation.title ?? "");
    if (!title?.trim()) return;
    await api.rename(conversation.id, title.trim()).then(onChanged, (error: Error) => onError(error.message));
  };
  const remove = async (conversation: ConversationSummary) => {
    if (!window.confirm(`Delete "${conversation.title ?? "this conversation"}" and all its messages?`))
      return;
    await api.remove(conversation.id).then(onChanged, (error: Error) => onError(error.message));
  };
  return (
    <nav className={unfolded ? "sidebar unfolded" : "sidebar"} aria-label="Conversations">
      <div className="sidebar-bar">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setUnfolded(false);
            onNew();
          }}
        >
          New question
        </button>
        <button
          type="button"
          className="fold"
          aria-expanded={unfolded}
          aria-controls={list}
          onClick={() => setUnfolded(!unfolded)}
        >
          Conversations
        </button>
      </div>
      <div id={list} className="sidebar-list">
        <label htmlFor="search" className="visually-hidden">
          Search conversations
        </label>
        <input
          id="search"
          type="search"
          placeholder="Search conversations…"
          value={query}
          onChange={(event) => search(event.target.value)}
        />
        {hits ? (
          <ul className="hits" aria-label="Search results">
            {hits.length === 0 && <li className="meta">No conversation matches.</li>}
            {hits.map((hit) => (
              <li key={hit.conversationId}>
                <button type="button" className="link" onClick={() => choose(hit.conversationId)}>
                  {hit.title ?? "(untitled)"}
                </button>
                <p className="snippet">
                  {pieces(hit.snippet).map((piece) =>
                    piece.marked ? (
                      <mark key={piece.at}>{piece.text}</mark>
                    ) : (
                      <span key={piece.at}>{piece.text}</span>
                    ),
                  )}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="conversations">
            {conversations.length === 0 && <li className="meta">No conversations yet.</li>}
            {conversations.map((conversation) => (
              <li key={conversation.id} className={conversation.id === current ? "current" : ""}>
                <button
                  type="button"
                  className="link"
                  aria-current={conversation.id === current}
                  onClick={() => choose(conversation.id)}
                >
                  {conversation.title ?? "(untitled)"}
                </button>
                <span className="row-actions">
                  <button
                    type="button"
                    className="small"
                    aria-label={`Rename ${conversation.title ?? "conversation"}`}
                    onClick={() => void rename(conversation)}
                  >
                    Rename
                  </button>
                  <a
                    className="small button"
                    href={api.exportUrl(conversation.id)}
                    aria-label={`Export ${conversation.title ?? "conversation"} as Markdown`}
                  >
                    Export
                  </a>
                  <button
                    type="button"
                    className="small danger"
                    aria-label={`Delete ${conversation.title ?? "conversation"}`}
                    onClick={() => void remove(conversation)}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <a className="small button sidebar-evaluations" href="#/evaluations">
        Evaluation runs
      </a>
    </nav>
  );
}
