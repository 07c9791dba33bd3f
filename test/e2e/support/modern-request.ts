// What a hand-made request on the 2026-07-28 revision carries: its HTTP headers and the `_meta` that
// names the revision, the client and its capabilities in every request.

/** The headers of a POST on 2026-07-28. */
export const modernHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
};

/** The `_meta` of a request on 2026-07-28 from the client `name`. */
export function modernMeta(name: string): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name, version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}
