// Each client snippet of the README, started exactly as written (with the repository's path in place of
// /path/to/ai-universe and the providers pointed at the simulator): the client lists the tools with names
// every client accepts (portable, the default) and gets a second opinion that matches the contract.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { connectClient } from "./support/mcp-clients.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

interface Snippet {
  client: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The stdio server each client snippet of the README starts. */
function snippets(): Snippet[] {
  const blocks = [...readme.matchAll(/\*\*([^*\n]+)\*\*[^\n]*\n\n```(\w+)\n([\s\S]*?)```/g)];
  const found: Snippet[] = [];
  for (const [, client = "", language, body = ""] of blocks) {
    const text = body.replaceAll("/path/to/ai-universe", repository);
    if (language === "json" && text.includes("mcpServers")) {
      const server = JSON.parse(text).mcpServers["ai-universe"];
      found.push({ client, command: server.command, args: server.args, env: server.env ?? {} });
    } else if (language === "toml") {
      const value = (key: string) =>
        JSON.parse(text.match(new RegExp(`^${key} = (.*)$`, "m"))?.[1] ?? "null");
      const env = Object.fromEntries(
        [...(text.match(/^env = \{(.*)\}$/m)?.[1] ?? "").matchAll(/"(\w+)" = "([^"]*)"/g)].map((pair) => [
          pair[1],
          pair[2],
        ]),
      );
      found.push({ client, command: value("command"), args: value("args"), env });
    } else if (language === "sh" && text.includes("claude mcp add ai-universe")) {
      const words = text.replace(/\\\n/g, " ").trim().split(/\s+/);
      const separator = words.indexOf("--");
      const env = Object.fromEntries(
        words.flatMap((word, index) =>
          words[index - 1] === "--env" ? [word.split("=") as [string, string]] : [],
        ),
      );
      const [command = "", ...args] = words.slice(separator + 1);
      found.push({ client, command, args, env });
    }
  }
  return found;
}

describe("README client snippets", () => {
  const context = useSimulatorEnvironment();

  it("has a snippet for every client the README names", () => {
    assert.deepEqual(
      snippets()
        .map((snippet) => snippet.client)
        .sort(),
      ["Claude Code", "Claude Desktop", "Codex", "Copilot CLI", "Cursor"],
    );
  });

  for (const snippet of snippets()) {
    it(`${snippet.client}: starts, lists the tools, and consults`, async () => {
      const client = await connectClient("v1-2025-11-25", {
        transport: "stdio",
        environment: { ...context.environment, ...snippet.env },
        command: { file: snippet.command, args: snippet.args },
      });
      try {
        const names = (await client.listTools()).map((tool) => tool.name);
        assert.ok(names.includes("agent_second_opinion"), names.join(", "));
        for (const name of names) assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
        const result = secondOpinionOf(
          await client.callTool("agent_second_opinion", {
            question: `Hello from ${snippet.client}`,
            maxOpinions: 1,
          }),
        );
        assert.equal(result.secondaryOpinions.length, 1);
      } finally {
        await client.close();
      }
    });
  }
});
