// The evaluation runs have addresses of their own: `#/evaluations` lists them, `#/evaluations/<id>`
// shows one run's report. Like a conversation's address, the hash keeps the server out of it.

const prefix = "#/evaluations";

/** What the address names: the list (null), one run (its id), or nothing of the evaluations (undefined). */
export function evaluationInAddress(hash = window.location.hash): string | null | undefined {
  if (hash === prefix || hash === `${prefix}/`) return null;
  if (!hash.startsWith(`${prefix}/`)) return undefined;
  return decodeURIComponent(hash.slice(prefix.length + 1));
}

/** The address of run `id`, or of the list. */
export function evaluationAddress(id?: string): string {
  return id === undefined ? prefix : `${prefix}/${encodeURIComponent(id)}`;
}
