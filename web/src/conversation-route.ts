// Each conversation has its own address, `#/c/<conversationId>`, so a reload keeps it open, it can be
// bookmarked, and back and forward move between the conversations opened. `#/` (or no hash) is a new
// question. The hash keeps the server out of it: every address is the same page.

const prefix = "#/c/";

/** The conversation the address names, if any. */
export function conversationInAddress(hash = window.location.hash): string | undefined {
  if (!hash.startsWith(prefix)) return undefined;
  const id = decodeURIComponent(hash.slice(prefix.length));
  return id.length > 0 ? id : undefined;
}

/** The address of conversation `id`, or of a new question. */
export function addressOf(id: string | undefined): string {
  return id === undefined ? "#/" : `${prefix}${encodeURIComponent(id)}`;
}

/**
 * Shows `id` in the address bar without opening it again (it is already on screen): the blank
 * question page becomes the conversation, so the entry is replaced rather than added.
 */
export function showInAddress(id: string | undefined): void {
  if (conversationInAddress() === id) return;
  window.history.replaceState(window.history.state, "", addressOf(id));
}
