// What the server declares and offers beyond the tool calls themselves: capabilities per revision,
// logging on the 2025 revisions, truthful annotations, prompts, both spellings of tool names, input
// errors with their stable code, and the Inspector's strict schema check.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { errorTextOf, modelIds, secondOpinionOf } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const inspector = fileURLToPath(new URL("../../node_modules/.bin/mcp-inspector", import.meta.url));
const run = promisify(execFile);

describe("MCP features", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let portable: ServerProcess;
  before(async () => {
    simulator = await startProviderSimulator();
    const { environment } = await serverEnvironment(simulator.url);
    server = await startHttpServerProcess(environment);
    portable = await startHttpServerProcess(environment, ["--tool-names", "portable"]);
  });
  after(async () => {
    await server?.stop();
    await portable?.stop();
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
      assert.equal(hints["conversation.get-history"]?.readOnlyHint, true);
      assert.equal(hints["conversation.list"]?.readOnlyHint, true);
      assert.equal(hints["conversation.delete"]?.destructiveHint, true);
      assert.equal(hints["agent.second_opinion"]?.openWorldHint, true);
      assert.equal(hints["agent.second_opinion"]?.readOnlyHint, false);
      assert.equal(hints["conversation.get-history"]?.openWorldHint, false);
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
      assert.match(text, /agent\.second_opinion/);
      assert.ok(text.includes("let x = 1") && text.includes("focused on bugs"));
    } finally {
      await client.close();
    }
  });

  it("lists portable tool names when asked, and accepts both spellings either way", async () => {
    const client = await connectClient("v1-2025-06-18", { transport: "http", url: portable.url });
    try {
      const names = (await client.listTools()).map((tool) => tool.name).sort();
      assert.deepEqual(names, [
        "agent_second_opinion",
        "conversation_delete",
        "conversation_get_history",
        "conversation_list",
        "conversation_search",
        "conversation_send_message",
        "models",
        "usage",
      ]);
      for (const name of names) assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
      const result = secondOpinionOf(
        await client.callTool("agent_second_opinion", { question: "Portable?", maxOpinions: 0 }),
      );
      assert.match(
        (await client.callTool("agent.second_opinion", { question: "Dotted?", maxOpinions: 0 })).content[0]
          ?.text ?? "",
        /^## Answer/,
      );
      const history = await client.callTool("conversation.get-history", {
        conversationId: result.conversationId,
      });
      assert.notEqual(history.isError, true);
    } finally {
      await client.close();
    }
  });

  it("answers bad input with invalid_argument naming the field, and an unknown tool with the tool list", async () => {
    const client = await connectClient("v2-2025-11-25", { transport: "http", url: server.url });
    try {
      const text = errorTextOf(
        await client.callTool("agent.second_opinion", { question: "", maxOpinions: "three" }),
      );
      assert.match(text, /^invalid_argument: /);
      assert.match(text, /question: /);
      assert.match(text, /maxOpinions: /);
      await assert.rejects(
        client.callTool("agent.second-opinion", { question: "q" }),
        /Unknown tool .*agent\.second_opinion/,
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
    assert.match(stdout, /agent\.second_opinion/);
    assert.doesNotMatch(stderr, /^Error:/m);
  });
});
