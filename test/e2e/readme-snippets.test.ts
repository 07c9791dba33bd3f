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
import { documentationPages } from "../support/documentation-pages.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { serverBlocks, snippets, snippetsOf } from "./support/client-snippets.ts";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { installPackage, packPackage, pathWithThisNode } from "./support/installed-package.ts";
import { connectClient } from "./support/mcp-clients.ts";

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
