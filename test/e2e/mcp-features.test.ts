// What the server declares and offers beyond the tool calls themselves: capabilities per revision,
// logging on the 2025 revisions, tasks on 2025-11-25 only, truthful annotations, prompts, portable tool
// names by default (dotted ones when asked) and both spellings accepted, input errors with their stable
// code, and the Inspector's strict schema check.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { portableToolName } from "../../src/mcp/tool-catalog.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const inspector = fileURLToPath(new URL("../../node_modules/.bin/mcp-inspector", import.meta.url));
const run = promisify(execFile);
/** A dotted tool name in running text. */
const dottedName =
  /agent\.second_opinion|conversation\.(send-message|get-history|list|search|delete|replay)\b/;

describe("MCP features", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let dotted: InProcessServer;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment } = await serverEnvironment(simulator.url);
    server = await startHttpServerInProcess(environment);
    dotted = await startHttpServerInProcess(environment, ["--tool-names", "dotted"]);
  });
  after(async () => {
    await server?.stop();
    await dotted?.stop();
    await simulator?.close();
  });

  it("declares logging on the 2025 revisions only, and no list-changed notifications", async () => {
    for (const kind of ["v1-2025-06-18", "v2-2025-11-25", "v2-modern"] as const) {
      const client = await connectClient(kind, { transport: "http", url: server.url });
      try {
        const capabilities = client.serverCapabilities as Record<
          string,
          { listChanged?: boolean } | undefined
        >;
        assert.equal(capabilities.logging !== undefined, kind !== "v2-modern", `${kind} logging`);
        for (const list of ["tools", "resources", "prompts"]) {
          assert.notEqual(capabilities[list], undefined, `${kind} ${list}`);
          assert.notEqual(capabilities[list]?.listChanged, true, `${kind} ${list}.listChanged`);
        }
      } finally {
        await client.close();
      }
    }
  });

  it("declares tasks, and says which tools may run as one, only on 2025-11-25, over HTTP and stdio", async () => {
    const { environment } = await serverEnvironment(simulator.url);
    const cases = [
      ["v1-2025-06-18", "http"],
      ["v2-2025-06-18", "http"],
      ["v1-2025-11-25", "http"],
      ["v2-2025-11-25", "http"],
      ["v2-modern", "http"],
      ["v1-2025-06-18", "stdio"],
      ["v1-2025-11-25", "stdio"],
    ] as const;
    for (const [kind, transport] of cases) {
      const client = await connectClient(
        kind,
        transport === "http" ? { transport, url: server.url } : { transport, environment },
      );
      try {
        const expected = kind === "v2-modern" ? "2026-07-28" : kind.slice(3);
        assert.equal(client.protocolVersion, expected, kind);
        const hasTasks = expected === "2025-11-25";
        const label = `${kind} over ${transport} (${client.protocolVersion})`;
        assert.equal(client.serverCapabilities.tasks !== undefined, hasTasks, `${label} tasks`);
        const tools = (await client.listTools()) as { name: string; execution?: unknown }[];
        for (const tool of tools)
          assert.equal(tool.execution !== undefined, hasTasks, `${label} ${tool.name} execution`);
      } finally {
        await client.close();
      }
    }
  });

  it("accepts logging/setLevel and logs model failures and retries through it", async () => {
    simulator.reset();
    simulator.setBehaviour(modelIds.gemini, { status: 503, errorMessage: "gemini is overloaded" });
    const client = await connectClient("v1-2025-11-25", { transport: "http", url: server.url });
    try {
      const logged: { level: string; data: { event?: string; model?: string } }[] = [];
      client.raw.setNotificationHandler(
        LoggingMessageNotificationSchema,
        (notification: { params: never }) => {
          logged.push(notification.params);
        },
      );
      await client.raw.setLoggingLevel("info");
      secondOpinionOf(
        await client.callTool("agent.second_opinion", {
          question: "Log it",
          primaryModel: "claude",
          secondaryModels: ["gemini"],
        }),
      );
      assert.ok(logged.some((entry) => entry.level === "info" && entry.data.event === "model-retrying"));
      assert.ok(
        logged.some(
          (entry) =>
            entry.level === "warning" &&
            entry.data.event === "model-finished" &&
            entry.data.model === "gemini",
        ),
      );
      logged.length = 0;
      await client.raw.setLoggingLevel("error");
      await client.callTool("agent.second_opinion", {
        question: "Quiet",
        primaryModel: "claude",
        secondaryModels: ["gemini"],
      });
      assert.deepEqual(logged, [], "below the level set, nothing is sent");
    } finally {
      await client.close();
    }
  });

  it("annotates each tool truthfully", async () => {
    const client = await connectClient("v2-modern", { transport: "http", url: server.url });
    try {
      const tools = (await client.raw.listTools()).tools as {
        name: string;
        annotations: Record<string, boolean>;
      }[];
      const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
      assert.equal(hints.conversation_get_history?.readOnlyHint, true);
      assert.equal(hints.conversation_list?.readOnlyHint, true);
      assert.equal(hints.conversation_delete?.destructiveHint, true);
      assert.equal(hints.agent_second_opinion?.openWorldHint, true);
      assert.equal(hints.agent_second_opinion?.readOnlyHint, false);
      assert.equal(hints.conversation_get_history?.openWorldHint, false);
    } finally {
      await client.close();
    }
  });

  it("offers prompts for a question, a code review and a follow-up", async () => {
    const client = await connectClient("v1-2025-11-25", { transport: "http", url: server.url });
    try {
      const { prompts } = await client.raw.listPrompts();
      assert.deepEqual(prompts.map((prompt: { name: string }) => prompt.name).sort(), [
        "continue-conversation",
        "review-code",
        "second-opinion",
      ]);
      const review = await client.raw.getPrompt({
        name: "review-code",
        arguments: { code: "let x = 1", focus: "bugs" },
      });
      const text = review.messages[0].content.text as string;
      assert.match(text, /agent_second_opinion/);
      assert.doesNotMatch(JSON.stringify(prompts), dottedName, "prompt arguments name tools as listed");
      assert.ok(text.includes("let x = 1") && text.includes("focused on bugs"));
    } finally {
      await client.close();
    }
  });

  for (const kind of ["v1-2025-06-18", "v2-modern"] as const) {
    it(`${kind}: lists portable tool names by default and dotted ones when asked, names tools as listed, accepts both spellings`, async () => {
      for (const style of ["portable", "dotted"] as const) {
        const url = style === "portable" ? server.url : dotted.url;
        const client = await connectClient(kind, { transport: "http", url });
        try {
          const tools = await client.listTools();
          const names = tools.map((tool) => tool.name).sort();
          const expected = [
            "agent.second_opinion",
            "conversation.delete",
            "conversation.get-history",
            "conversation.list",
            "conversation.replay",
            "conversation.search",
            "conversation.send-message",
            "models",
            "usage",
          ];
          assert.deepEqual(names, style === "portable" ? expected.map(portableToolName) : expected);
          if (style === "portable") {
            for (const name of names) assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
            const described = tools.map(({ name, title, description, inputSchema }) => ({
              name,
              title,
              description,
              inputSchema,
            }));
            assert.doesNotMatch(JSON.stringify(described), dottedName, "descriptions name tools as listed");
            assert.doesNotMatch(client.raw.getInstructions() ?? "", dottedName, "instructions too");
          }
          const result = secondOpinionOf(
            await client.callTool("agent_second_opinion", { question: "Portable?", maxOpinions: 0 }),
          );
          const answer = await client.callTool("agent.second_opinion", {
            question: "Dotted?",
            maxOpinions: 0,
          });
          assert.match(answer.content[0]?.text ?? "", /^## Answer/);
          assert.match(
            answer.content[0]?.text ?? "",
            style === "portable" ? /conversation_get_history/ : /conversation\.get-history/,
            "the result text names tools as listed",
          );
          for (const name of ["conversation.get-history", "conversation_get_history"]) {
            const history = await client.callTool(name, { conversationId: result.conversationId });
            assert.notEqual(history.isError, true, name);
          }
        } finally {
          await client.close();
        }
      }
    });
  }

  it("answers bad input with invalid_argument naming the field, and an unknown tool with the tool list", async () => {
    const client = await connectClient("v2-2025-11-25", { transport: "http", url: server.url });
    try {
      const text = errorTextOf(
        await client.callTool("agent.second_opinion", { question: "", maxOpinions: "three" }),
      );
      assert.match(text, /^invalid_argument: /);
      assert.match(text, /question: /);
      assert.match(text, /maxOpinions must be a number, not a string/);
      await assert.rejects(
        client.callTool("agent.second-opinion", { question: "q" }),
        /Unknown tool .*agent_second_opinion/,
      );
    } finally {
      await client.close();
    }
  });

  it("passes the MCP Inspector's strict schema check", async () => {
    const { stdout, stderr } = await run(
      inspector,
      ["--cli", `${server.url}/mcp`, "--method", "tools/list", "--strict"],
      {
        env: { PATH: process.env.PATH ?? "", HOME: (await serverEnvironment(simulator.url)).directory },
      },
    );
    assert.match(stdout, /agent_second_opinion/);
    assert.doesNotMatch(stderr, /^Error:/m);
  });
});
