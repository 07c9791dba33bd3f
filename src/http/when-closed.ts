// Runs a step when a response closes, or at once when it already has: a client that leaves while its
// request is still being read or authorised closes the response before a handler can listen, and Node
// does not emit "close" again, so a listener added late would never run.

import type { ServerResponse } from "node:http";

/** Calls `action` once `response` has closed (now, if it already has). */
export function whenClosed(response: ServerResponse, action: () => void): void {
  if (response.closed) action();
  else response.once("close", action);
}
