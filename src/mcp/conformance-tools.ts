// The test tools of the MCP conformance suite (`@modelcontextprotocol/conformance`), offered only when
// the `conformanceTools` setting is on, for running the suite against this server. Unlike the catalog's
// tools they do not call the application: they act on the MCP transport itself. `test_reconnection`
// is SEP-1699 polling: it closes its own POST SSE stream after the priming event, as a long call may,
// and answers a moment later; the answer is kept in the store with the stream's other events, and the
// client gets it by resuming the stream with `GET` and `Last-Event-ID` (see src/http/session-events.ts).
// Loaded only when the setting is on.

import { setTimeout as sleep } from "node:timers/promises";
import type { CallToolResult, ServerContext, Tool } from "@modelcontextprotocol/server";

/** A tool that works on the transport of the call rather than through the application. */
export interface ConformanceTool {
  /** Its entry in `tools/list`; its name is the same in every tool-name style. */
  listing: Tool;
  call(context: ServerContext): Promise<CallToolResult>;
}

/** How long `test_reconnection` works on after closing its stream, in milliseconds. */
const workAfterCloseMs = 100;

const testReconnection: ConformanceTool = {
  listing: {
    name: "test_reconnection",
    title: "Conformance: stream closed mid-call",
    description:
      "For the MCP conformance suite (SEP-1699): closes this call's SSE stream right after its priming event " +
      "and answers a moment later; the client gets the answer by resuming the stream with Last-Event-ID. " +
      "On a stream that cannot be resumed (stdio, 2025-06-18, 2026-07-28) it just answers.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  async call(context) {
    // Offered by the SDK's Streamable HTTP transport when the stream is resumable: it has an event
    // store and primed the stream (a client on 2025-11-25 or newer).
    const close = context.http?.closeSSE;
    close?.();
    await sleep(workAfterCloseMs, undefined, { signal: context.mcpReq.signal }).catch(() => {});
    return {
      content: [
        {
          type: "text",
          text: close
            ? "Reconnection test completed successfully: this answer came after the server closed the stream."
            : "Reconnection test completed without closing the stream: only a primed stream (Streamable HTTP, " +
              "2025-11-25) can be closed and resumed.",
        },
      ],
    };
  },
};

/** The conformance suite's test tools. */
export const conformanceTools: readonly ConformanceTool[] = [testReconnection];
