// Every supported client (v2 modern 2026-07-28, v2 and v1 on 2025-11-25, v1 on 2025-06-18) over
// both transports: the tools are listed with their seed output schemas, and results validate.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { loadOutputSchemas } from "../../src/mcp/output-schemas.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";
import { historyOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { type ClientKind, connectClient, type Target } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const expectedVersions: Record<ClientKind, string> = {
  "v2-modern": "2026-07-28",
  "v2-2025-11-25": "2025-11-25",
  "v2-2025-06-18": "2025-06-18",
  "v1-2025-11-25": "2025-11-25",
  "v1-2025-06-18": "2025-06-18",
};

describe("protocol compatibility", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let environment: Record<string, string>;

  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url)).environment;
    server = await startHttpServerInProcess(environment);
  });
  after(async () => {
    await server?.stop();
    await simulator?.close();
  });

  for (const transport of ["http", "stdio"] as const) {
    for (const kind of Object.keys(expectedVersions) as ClientKind[]) {
      it(`${kind} over ${transport}: lists the tools, consults, reads the history by either name`, async () => {
        const target: Target =
          transport === "http" ? { transport, url: server.url } : { transport, environment };
        const client = await connectClient(kind, target);
        try {
          assert.equal(client.protocolVersion, expectedVersions[kind]);
          const tools = await client.listTools();
          assert.deepEqual(tools.map((tool) => tool.name).sort(), [
            "agent_second_opinion",
            "conversation_delete",
            "conversation_get_history",
            "conversation_list",
            "conversation_replay",
            "conversation_search",
            "conversation_send_message",
            "models",
            "usage",
          ]);
          for (const tool of tools) assert.ok(tool.title && tool.description && tool.outputSchema, tool.name);
          const secondOpinion = tools.find((tool) => tool.name === "agent_second_opinion");
          const history = tools.find((tool) => tool.name === "conversation_get_history");
          const outputSchemas = await loadOutputSchemas();
          assert.deepEqual(secondOpinion?.outputSchema, outputSchemas.secondOpinion);
          assert.deepEqual(history?.outputSchema, outputSchemas.history);
          assert.ok(secondOpinion?.title && secondOpinion.description?.includes("synthesis"));

          const result = await client.callTool("agent.second_opinion", {
            question: `Which protocol? ${kind}`,
            maxOpinions: 2,
          });
          assert.equal(result.isError, undefined, JSON.stringify(result.content));
          assertMatchesSchema("secondOpinion", result.structuredContent);
          const conversationId = result.structuredContent?.conversationId as string;
          const text = result.content[0]?.text ?? "";
          // The agreement (and a verdict, for a decision) first, with what the panel's votes are worth
          // and the claims, then the synthesis.
          assert.match(
            text,
            /^(\*\*Verdict: [A-Z]+\*\*: [^\n]*\n)?\*\*Agreement: \d+%\*\*: [^\n]*\n(\d+ models ≈ [\d.]+ independent votes [^\n]*\n)?([^\n#][^\n]*\n)*\n## Synthesis \(by /,
          );
          assert.ok(
            text.includes(conversationId) &&
              text.length < JSON.stringify(result.structuredContent).length / 2,
          );

          const read = await client.callTool("conversation_get_history", { conversationId });
          const messages = historyOf(read).messages;
          assert.match(read.content[0]?.text ?? "", /\*\*#1 user\*\* .*\n.*Which protocol\?/);
          assert.deepEqual(
            messages.map((message) => message.role),
            ["user", "assistant"],
          );
        } finally {
          await client.close();
        }
      });
    }
  }
});
