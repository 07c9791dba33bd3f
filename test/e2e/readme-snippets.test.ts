// Each client snippet of the documentation (the README and every page in docs/), started exactly as written
// (with the providers pointed at the simulator): the client lists the tools with names every client accepts
// (portable, the default) and gets a second opinion that matches the contract. `npx -y ai-universe mcp`
// finds `ai-universe` as npx finds a globally installed package: the package packed from this checkout,
// installed from npm's cache (support/installed-package.ts) and linked into a temporary global prefix, with
// an empty npm cache and no network, so a snippet that names another package or command fails. A snippet
// of a clone (`node /path/to/ai-universe/bin/ai-universe.js mcp`) runs with this checkout's path.

import assert from "node:assert/strict";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { documentationPages, repositoryRoot } from "../support/documentation-pages.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { installPackage, packPackage, pathWithThisNode } from "./support/installed-package.ts";
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
    if (language === "json" && /"(mcpServers|servers)"/.test(text)) {
      const parsed = JSON.parse(text);
      const server = (parsed.mcpServers ?? parsed.servers)["ai-universe"];
      if (parsed.servers) assert.equal(server.type, "stdio", `${client}: VS Code's servers need a type`);
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
    .filter((body) => /mcpServers|"servers"|\[mcp_servers|claude mcp add ai-universe/.test(body));
}

describe("client snippets of the README and docs/", () => {
  const context = useSimulatorEnvironment();
  /** What npx needs to find the package installed: a global prefix holding it, an empty cache, no network. */
  const npx: Record<string, string> = {};
  const elsewhere = temporaryDirectory("client");

  before(async () => {
    const installed = await installPackage(await packPackage());
    const prefix = temporaryDirectory("prefix");
    mkdirSync(join(prefix, "bin"));
    symlinkSync(join(installed.root, "bin/ai-universe.js"), join(prefix, "bin/ai-universe"));
    Object.assign(npx, {
      npm_config_prefix: prefix,
      npm_config_cache: temporaryDirectory("npm-cache"),
      npm_config_offline: "true",
      npm_config_update_notifier: "false",
    });
  });

  it("has one snippet for every client the documentation names", () => {
    assert.deepEqual(
      snippets()
        .map((snippet) => snippet.client)
        .sort(),
      [
        "Claude Code",
        "Claude Desktop",
        "Codex",
        "Copilot CLI",
        "Cursor",
        "From a clone",
        "Gemini CLI",
        "VS Code",
      ],
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
        environment: { ...context.environment, PATH: pathWithThisNode(), ...npx, ...snippet.env },
        command: { file: snippet.command, args: snippet.args },
        directory: elsewhere,
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
