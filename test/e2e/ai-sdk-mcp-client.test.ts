// The AI SDK's MCP client (`@ai-sdk/mcp`), which hands tool names unchanged to the model APIs: over HTTP
// on the newest revision and on 2025-11-25, and over stdio, every tool name it would send to a model is
// one that OpenAI, Anthropic, Claude Desktop, Codex and Copilot accept, and a second opinion called
// through its tool set validates against the seed schema.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { mainScript } from "./support/http-server-process.ts";

/** What Claude Desktop, Codex and Copilot accept (OpenAI and Anthropic allow up to 128 characters). */
const acceptedToolName = /^[a-zA-Z0-9_-]{1,64}$/;

describe("the AI SDK's MCP client", () => {
  const context = useSimulatorEnvironment();
  let server: InProcessServer;
  before(async () => {
    server = await startHttpServerInProcess(context.environment);
  });
  after(async () => server?.stop());

  const connections = {
    "HTTP on the newest revision": {
      revision: "2026-07-28",
      connect: () => createMCPClient({ transport: { type: "http", url: `${server.url}/mcp` } }),
    },
    "HTTP on 2025-11-25": {
      revision: "2025-11-25",
      connect: () =>
        createMCPClient({
          transport: { type: "http", url: `${server.url}/mcp` },
          protocolVersionDiscovery: false,
        }),
    },
    stdio: {
      revision: undefined,
      connect: () =>
        createMCPClient({
          transport: new StdioMCPTransport({
            command: process.execPath,
            args: [mainScript, "mcp"],
            env: context.environment,
            stderr: "ignore",
          }),
        }),
    },
  } satisfies Record<string, { revision: string | undefined; connect: () => Promise<MCPClient> }>;

  for (const [name, connection] of Object.entries(connections)) {
    it(`${name}: names every tool acceptably and gets a second opinion through the tool set`, async () => {
      const client = await connection.connect();
      try {
        if (connection.revision) assert.equal(client.initializeResult.protocolVersion, connection.revision);
        const tools = await client.tools();
        const names = Object.keys(tools).sort();
        assert.ok(names.length >= 8, names.join(", "));
        for (const toolName of names) assert.match(toolName, acceptedToolName);
        const secondOpinion = tools.agent_second_opinion;
        assert.ok(secondOpinion?.execute, `agent_second_opinion is in the tool set: ${names.join(", ")}`);
        const result = (await secondOpinion.execute(
          { question: `Hello from the AI SDK, ${name}`, maxOpinions: 1 },
          { toolCallId: "call-1", messages: [], context: {} },
        )) as { isError?: boolean; content: { text?: string }[]; structuredContent?: unknown };
        assert.notEqual(result.isError, true, result.content?.[0]?.text);
        assertMatchesSchema("secondOpinion", result.structuredContent);
        const structured = result.structuredContent as { secondaryOpinions: unknown[] };
        assert.equal(structured.secondaryOpinions.length, 1);
      } finally {
        await client.close();
      }
    });
  }
});
