// What a 2026-07-28 server instance is built with: one built for a tool call has the tools (and the Tasks
// extension), but none of the resources or prompts it would never serve; one built for everything has all
// three. Requests go through the SDK's own per-request handler.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { mcpServerFactory, type ServerReach } from "../../src/mcp/create-server.ts";

const factory = mcpServerFactory({
  // Building a server registers handlers and never calls the application.
  application: {} as never,
  log: { warn: () => {} } as never,
  version: "0.0.0",
  toolNames: "dotted",
  conformanceTools: false,
});

/** Sends `method` to a fresh instance of `reach`; the JSON-RPC answer. */
async function ask(
  reach: ServerReach,
  method: string,
): Promise<{ result?: unknown; error?: { code: number } }> {
  const handler = createMcpHandler(() => factory("stateless-2026", reach), { legacy: "reject" });
  try {
    const response = await handler.fetch(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": method,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method,
          params: {
            _meta: {
              "io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
              "io.modelcontextprotocol/clientCapabilities": {},
            },
          },
        }),
      }),
    );
    return (await response.json()) as { result?: unknown; error?: { code: number } };
  } finally {
    await handler.close();
  }
}

/** How many items of `key` the answer to `method` lists (0 when the method is not served). */
async function listed(reach: ServerReach, method: string, key: string): Promise<number> {
  const answer = await ask(reach, method);
  const items = (answer.result as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(items) ? items.length : 0;
}

describe("what a server instance is built with", () => {
  it("for a tool call: the tools, and no resource templates or prompts", async () => {
    assert.ok((await listed("tool-call", "tools/list", "tools")) > 0);
    assert.equal(await listed("tool-call", "resources/templates/list", "resourceTemplates"), 0);
    assert.equal(await listed("tool-call", "prompts/list", "prompts"), 0);
  });

  it("for everything: the same tools, resource templates and prompts", async () => {
    assert.equal(
      await listed("everything", "tools/list", "tools"),
      await listed("tool-call", "tools/list", "tools"),
    );
    assert.ok((await listed("everything", "resources/templates/list", "resourceTemplates")) > 0);
    assert.ok((await listed("everything", "prompts/list", "prompts")) > 0);
  });
});
