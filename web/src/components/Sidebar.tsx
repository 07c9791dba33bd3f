// The user's conversations: search, open, rename, delete, export as Markdown. On a narrow screen the
// list folds behind a Conversations button, so the question and the answer come first.

import { useId, useState } from "react";
import type { ConversationSummary } from "../api.ts";
import { useSearch } from "../page/use-search.ts";
import { ConversationRow } from "./ConversationRow.tsx";
import { SearchHits } from "./SearchHits.tsx";

/** The sidebar; `onOpen` opens a conversation, `onNew` a new question. */
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
  const { query, hits, search } = useSearch(onError);
  // Only a narrow screen folds the list (styles.css): on a wide one it is always shown.
  const [unfolded, setUnfolded] = useState(false);
  const list = useId();
  const choose = (id: string) => {
    setUnfolded(false);
    onOpen(id);
  };
  return (
    <nav className={unfolded ? "sidebar unfolded" : "sidebar"} aria-label="Conversations">
      <SidebarBar
        unfolded={unfolded}
        list={list}
        onNew={() => {
          setUnfolded(false);
          onNew();
        }}
        onFold={() => setUnfolded(!unfolded)}
      />
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
          <SearchHits hits={hits} onChoose={choose} />
        ) : (
          <ul className="conversations">
            {conversations.length === 0 && <li className="meta">No conversations yet.</li>}
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                current={conversation.id === current}
                onChoose={choose}
                onChanged={onChanged}
                onError={onError}
              />
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

/** The bar on top: a new question, and (on a narrow screen) the button that unfolds the list `list`. */
function SidebarBar({
  unfolded,
  list,
  onNew,
  onFold,
}: {
  unfolded: boolean;
  list: string;
  onNew: () => void;
  onFold: () => void;
}) {
  return (
    <div className="sidebar-bar">
      <button type="button" className="primary" onClick={onNew}>
        New question
      </button>
      <button type="button" className="fold" aria-expanded={unfolded} aria-controls={list} onClick={onFold}>
        Conversations
      </button>
    </div>
  );
}
