// Which era a POST to /mcp is routed to: the endpoint answers a request that carries the 2026 envelope's
// protocol-version claim without asking the SDK, and must never disagree with the SDK's own
// `isLegacyRequest`. Every case below is put to both, with the headers a client would send.

import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { describe, it } from "node:test";
import { isLegacyRequest } from "@modelcontextprotocol/server";
import { claimsModernRevision, isLegacy } from "../../src/http/protocol-era.ts";

const claim = "io.modelcontextprotocol/protocolVersion";
const envelope = {
  [claim]: "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const call = { name: "agent.second_opinion", arguments: { question: "Q?" } };

/** A case: its body, the protocol-version header (if any), and whether the fast path answers it. */
const cases: { name: string; body: unknown; header?: string; claimed: boolean }[] = [
  {
    name: "a 2026 tool call",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...call, _meta: envelope } },
    header: "2026-07-28",
    claimed: true,
  },
  {
    name: "a 2026 tool call without the header",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...call, _meta: envelope } },
    claimed: true,
  },
  {
    name: "a claim whose header names another revision",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope } },
    header: "2025-06-18",
    claimed: true,
  },
  {
    name: "a claim that is not a string",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { [claim]: 7 } } },
    claimed: true,
  },
  {
    name: "a claimed body that is not JSON-RPC",
    body: { method: "tools/list", params: { _meta: envelope } },
    claimed: true,
  },
  {
    name: "a 2026 notification",
    body: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, _meta: envelope } },
    claimed: true,
  },
  {
    name: "a 2025 initialize",
    body: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18" } },
    claimed: false,
  },
  {
    name: "an initialize with a claim",
    body: { jsonrpc: "2.0", id: 1, method: "initialize", params: { _meta: envelope } },
    claimed: false,
  },
  {
    name: "an initialize with a claim that is not valid",
    body: { jsonrpc: "2.0", id: 1, method: "initialize", params: { _meta: { [claim]: 7 } } },
    claimed: false,
  },
  {
    name: "a 2025 tool call",
    body: { jsonrpc: "2.0", id: 2, method: "tools/call", params: call },
    header: "2025-06-18",
    claimed: false,
  },
  {
    name: "a tool call with the 2026 header but no envelope",
    body: { jsonrpc: "2.0", id: 2, method: "tools/call", params: call },
    header: "2026-07-28",
    claimed: false,
  },
  {
    name: "a 2025 notification",
    body: { jsonrpc: "2.0", method: "notifications/initialized" },
    claimed: false,
  },
  {
    name: "a posted response",
    body: { jsonrpc: "2.0", id: 3, result: {}, method: "x", params: { _meta: envelope } },
    claimed: false,
  },
  {
    name: "a batch",
    body: [{ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope } }],
    claimed: false,
  },
  { name: "a body that is not an object", body: "tools/call", claimed: false },
];

/** The Node request a client's POST arrives as, for the fields routing reads. */
function nodeRequest(header?: string): IncomingMessage {
  const headers: Record<string, string> = {
    host: "127.0.0.1:1",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(header ? { "mcp-protocol-version": header } : {}),
  };
  return { method: "POST", url: "/mcp", headers } as unknown as IncomingMessage;
}

/** The same request as the web Request the SDK reads. */
function webRequest(header?: string): Request {
  const headers = new Headers({ "content-type": "application/json" });
  if (header) headers.set("mcp-protocol-version", header);
  return new Request("http://127.0.0.1:1/mcp", { method: "POST", headers });
}

describe("routing a POST to /mcp by protocol era", () => {
  for (const { name, body, header, claimed } of cases) {
    it(`${name}: routed as the SDK routes it`, async () => {
      assert.equal(claimsModernRevision(body), claimed);
      const sdk = await isLegacyRequest(webRequest(header), body);
      assert.equal(await isLegacy(nodeRequest(header), body), sdk);
      if (claimed) assert.equal(sdk, false, "the SDK routes every claimed request to the modern path");
    });
  }
});
