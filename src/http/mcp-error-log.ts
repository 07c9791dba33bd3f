// Where the MCP handler's error reports go in the operator's log. A request the handler turns away
// because of what the client sent (a session-less GET /mcp, which 2025-era clients send to look for a
// stream, or a body that is not JSON) is the client's business: it is answered with a 4xx and logged at
// debug. Anything else is a warning.

import type { HttpServices } from "./http-services.ts";

/** Reports of requests refused for what the client sent, as the SDK words them. */
const clientRefusals = [/^Rejected 2025-era request on a modern-only endpoint/, /^Unsupported Media Type/];

/** Returns the `onerror` of the MCP handler: client refusals at debug, everything else as a warning. */
export function mcpErrorLog(services: Pick<HttpServices, "logger" | "log">): (error: Error) => void {
  return (error) => {
    if (clientRefusals.some((pattern) => pattern.test(error.message)))
      services.logger().debug({ reason: error.message }, "mcp request refused");
    else services.log(`mcp: ${error.message}`);
  };
}
