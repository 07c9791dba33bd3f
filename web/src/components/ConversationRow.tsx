// One conversation of the list: open it, rename it (asked in a prompt), export it as Markdown, or
// delete it (confirmed first).

import type { ConversationSummary } from "../api.ts";
import { api } from "../api.ts";

/** The row; `onChanged` after a rename or delete, `onError` with why one failed. */
export function ConversationRow({
  conversation,
  current,
  onChoose,
  onChanged,
  onError,
}: {
  conversation: ConversationSummary;
  current: boolean;
  onChoose: (id: string) => void;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const label = conversation.title ?? "conversation";
  const rename = async () => {
    const title = window.prompt("New title", conversation.title ?? "");
    if (!title?.trim()) return;
    await api.rename(conversation.id, title.trim()).then(onChanged, (error: Error) => onError(error.message));
  };
  const remove = async () => {
    if (!window.confirm(`Delete "${conversation.title ?? "this conversation"}" and all its messages?`))
      return;
    await api.remove(conversation.id).then(onChanged, (error: Error) => onError(error.message));
  };
  return (
    <li className={current ? "current" : ""}>
      <button type="button" className="link" aria-current={current} onClick={() => onChoose(conversation.id)}>
        {conversation.title ?? "(untitled)"}
      </button>
      <span className="row-actions">
        <button type="button" className="small" aria-label={`Rename ${label}`} onClick={() => void rename()}>
          Rename
        </button>
        <a
          className="small button"
          href={api.exportUrl(conversation.id)}
          aria-label={`Export ${label} as Markdown`}
        >
          Export
        </a>
        <button
          type="button"
          className="small danger"
          aria-label={`Delete ${label}`}
          onClick={() => void remove()}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
