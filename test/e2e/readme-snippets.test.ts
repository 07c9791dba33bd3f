// Each client snippet of the documentation (the README and every page in docs/), started exactly as written
// (with the repository's path in place of /path/to/ai-universe and the providers pointed at the simulator):
// the client lists the tools with names every client accepts (portable, the default) and gets a second
// opinion that matches the contract.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { documentationPages, repositoryRoot } from "../support/documentation-pages.ts";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { connectClient } from "./support/mcp-clients.ts";

const repository = repositoryRoot.replace(/\/$/, "");

interface Snippet {
  client: string;
  /** The page it is on, e.g. `README.md`. */
  page: string;
  /** The code block as written. */
  block: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The stdio server each client snippet of the documentation starts, page by page. */
function snippets(): Snippet[] {
  return documentationPages().flatMap((page) => snippetsOf(page.path, page.text));
}

/** The client snippets of one page: a bold client name, then a code block that starts the server. */
function snippetsOf(page: string, markdown: string): Snippet[] {
  const blocks = [...markdown.matchAll(/\*\*([^*\n]+)\*\*[^\n]*\n\n```(\w+)\n([\s\S]*?)```/g)];
  const found: Snippet[] = [];
  for (const [, client = "", language, body = ""] of blocks) {
    const text = body.replaceAll("/path/to/ai-universe", repository);
    if (language === "json" && text.includes("mcpServers")) {
      const server = JSON.parse(text).mcpServers["ai-universe"];
      found.push({
        client,
        page,
        block: body,
        command: server.command,
        args: server.args,
        env: server.env ?? {},
      });
    } else if (language === "toml") {
      const value = (key: string) =>
        JSON.parse(text.match(new RegExp(`^${key} = (.*)$`, "m"))?.[1] ?? "null");
      const env = Object.fromEntries(
        [...(text.match(/^env = \{(.*)\}$/m)?.[1] ?? "").matchAll(/"(\w+)" = "([^"]*)"/g)].map((pair) => [
          pair[1],
          pair[2],
        ]),
      );
      found.push({ client, page, block: body, command: value("command"), args: value("args"), env });
    } else if (language === "sh" && text.includes("claude mcp add ai-universe")) {
      const words = text.replace(/\\\n/g, " ").trim().split(/\s+/);
      const separator = words.indexOf("--");
      const env = Object.fromEntries(
        words.flatMap((word, index) =>
          words[index - 1] === "--env" ? [word.split("=") as [string, string]] : [],
        ),
      );
      const [command = "", ...args] = words.slice(separator + 1);
      found.push({ client, page, block: body, command, args, env });
    }
  }
  return found;
}

/** Every code block of a page that configures or starts the stdio server, in whatever layout it is written. */
function serverBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```\w*\n([\s\S]*?)^```/gm)]
    .map(([, body = ""]) => body)
    .filter((body) => /mcpServers|\[mcp_servers|claude mcp add ai-universe/.test(body));
}

describe("client snippets of the README and docs/", () => {
  const context = useSimulatorEnvironment();

  it("has one snippet for every client the documentation names", () => {
    assert.deepEqual(
      snippets()
        .map((snippet) => snippet.client)
        .sort(),
      ["Claude Code", "Claude Desktop", "Codex", "Copilot CLI", "Cursor"],
    );
  });

  it("checks every code block of the documentation that starts the server", () => {
    for (const page of documentationPages()) {
      assert.deepEqual(
        snippetsOf(page.path, page.text).map((snippet) => snippet.block),
        serverBlocks(page.text),
        `${page.path}: a client snippet not written as **Client** (where it goes), a blank line, then the block`,
      );
    }
  });

  for (const snippet of snippets()) {
    it(`${snippet.client} (${snippet.page}): starts, lists the tools, and consults`, async () => {
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
