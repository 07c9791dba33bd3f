// The package a user installs with `npx -y ai-universe mcp`: `npm pack` of this checkout, installed into
// an empty directory from npm's cache with no network (test/e2e/support/installed-package.ts), then run
// from a directory of its own with a current Node first on PATH, as a user's machine runs it: --version,
// the stdio server with the official MCP client (a consultation against the provider simulator,
// validated against the seed schema, and one asking a model of every vendor through its provider
// package), and `serve` with its health and web page. It holds the bundle with its source maps, the
// licences of the packages bundled in it, the web page and the schemas and nothing of the checkout,
// installs no other package and takes at most 30 MB, and says what to install when a feature's optional
// package or a current Node is missing.

import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { before, describe, it } from "node:test";
import { promisify } from "node:util";
import { packageFolderOf } from "../../scripts/third-party-licenses.ts";
import { missingPackageMessage, optionalPackages } from "../../src/configuration/optional-packages.ts";
import { oldestNode, oldestNodeVersion } from "../support/oldest-node.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { secondOpinionOf, useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import {
  checkout,
  diskUsage,
  type InstalledPackage,
  installPackage,
  type PackedPackage,
  packPackage,
  pathWithThisNode,
} from "./support/installed-package.ts";
import { connectClient } from "./support/mcp-clients.ts";
import { untilWritten } from "./support/written-text.ts";

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8"));

/** Runs the installed command in `directory`; its exit code and output, whether it succeeds or not. */
async function runInstalled(
  file: string,
  args: string[],
  environment: Record<string, string>,
  directory: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { env: environment, cwd: directory });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** Starts `command serve --port 0` in `directory`; resolves with its URL once it listens. */
async function startServer(command: string, environment: Record<string, string>, directory: string) {
  const child = spawn(command, ["serve", "--port", "0"], {
    env: environment,
    cwd: directory,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = once(child, "exit");
  await Promise.race([
    untilWritten(child.stderr, () => output, /MCP at http:\/\/\S+\/mcp/, 30_000, "the installed server"),
    exited.then(() => Promise.reject(new Error(`the installed server exited:\n${output}`))),
  ]);
  return {
    url: output.match(/MCP at (http:\/\/\S+)\/mcp/)?.[1] ?? "",
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

describe("the package installed from npm pack", () => {
  const context = useSimulatorEnvironment();
  const elsewhere = temporaryDirectory("user");
  let packed: PackedPackage;
  let installed: InstalledPackage;
  let environment: Record<string, string>;

  before(async () => {
    packed = await packPackage();
    installed = await installPackage(packed);
    environment = { ...context.environment, PATH: pathWithThisNode() };
  });

  it("holds the bundle, the web page, the schemas and the launcher, and no sources", () => {
    for (const file of [
      "bin/ai-universe.js",
      "dist/cli/main.js",
      "dist/web/index.html",
      "schemas/agent-second-opinion.schema.json",
      "schemas/conversation-get-history.schema.json",
      "package.json",
      "README.md",
    ]) {
      assert.ok(packed.files.includes(file), `${file} is in the package`);
    }
    const stray = packed.files.filter((file) => /^(src|test|web|scripts|bench)\/|\.ts$/.test(file));
    assert.deepEqual(stray, []);
  });

  it("holds the source map each file of the bundle names, with our sources' names but not their text", () => {
    const scripts = packed.files.filter((file) => file.startsWith("dist/cli/") && file.endsWith(".js"));
    const mapped = scripts.filter((file) =>
      readFileSync(join(installed.root, file), "utf8").includes("\n//# sourceMappingURL="),
    );
    assert.ok(mapped.length > 10, mapped.join(", "));
    for (const script of mapped) {
      assert.ok(packed.files.includes(`${script}.map`), `${script}.map is in the package`);
    }
    const map = JSON.parse(readFileSync(join(installed.root, "dist/cli/main.js.map"), "utf8")) as {
      sources: string[];
      sourcesContent?: unknown;
    };
    assert.ok(
      map.sources.some((source) => source.endsWith("src/cli/main.ts")),
      map.sources.join(", "),
    );
    assert.equal(map.sourcesContent, undefined);
  });

  it("holds the licence of every package bundled in it", () => {
    for (const folder of ["dist/cli", "dist/web", "dist/panel"]) {
      const licences = `${folder}/THIRD-PARTY-LICENSES.txt`;
      assert.ok(packed.files.includes(licences), `${licences} is in the package`);
    }
    // What the server's bundle holds, read from its source maps: every package a source comes from.
    const bundled = new Set<string>();
    for (const file of packed.files.filter((path) => path.startsWith("dist/cli/") && path.endsWith(".map"))) {
      const { sources } = JSON.parse(readFileSync(join(installed.root, file), "utf8")) as {
        sources: string[];
      };
      for (const source of sources) {
        const folder = packageFolderOf(source);
        if (folder) bundled.add(folder.slice(folder.lastIndexOf("node_modules/") + 13));
      }
    }
    for (const name of ["zod", "ai", "@modelcontextprotocol/server", "@ai-sdk/openai", "pino"]) {
      assert.ok(bundled.has(name), `${name} is bundled`);
    }
    const licences = readFileSync(join(installed.root, "dist/cli/THIRD-PARTY-LICENSES.txt"), "utf8");
    const named = new Set([...licences.matchAll(/^={80}\n(\S+) /gm)].map((match) => match[1]));
    assert.deepEqual(
      [...bundled].filter((name) => !named.has(name)),
      [],
      "bundled packages whose licence is missing",
    );
    assert.match(licences, /^zod \S+ \(MIT\)\n(?:.*\n){1,3}LICENSE:\n\nMIT License/m);
  });

  it("names nothing of the checkout in its files", () => {
    const naming = packed.files.filter((file) =>
      readFileSync(join(installed.root, file), "utf8").includes(checkout),
    );
    assert.deepEqual(naming, [], `files that name ${checkout}`);
  });

  it("installs no other package: every package it runs is bundled, the optional ones are left out", () => {
    assert.deepEqual(installed.installed, ["ai-universe"]);
    assert.equal(manifest.dependencies, undefined);
    for (const name of ["pg", "redis", "@opentelemetry/sdk-trace-base"]) {
      assert.ok(!existsSync(join(installed.directory, "node_modules", name)), `${name} is not installed`);
    }
  });

  it("takes at most 30 MB installed", () => {
    const megabytes = diskUsage(join(installed.directory, "node_modules")) / 1e6;
    assert.ok(megabytes <= 30, `${megabytes.toFixed(1)} MB installed`);
  });

  it("prints its version from any directory", async () => {
    const result = await runInstalled(installed.command, ["--version"], environment, elsewhere);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), `ai-universe ${manifest.version}`);
  });

  it("serves MCP over stdio: lists the tools and gets a second opinion that matches the seed schema", async () => {
    const client = await connectClient("v2-modern", {
      transport: "stdio",
      environment,
      command: { file: installed.command, args: ["mcp"] },
      directory: elsewhere,
    });
    try {
      const names = (await client.listTools()).map((tool) => tool.name);
      assert.ok(names.includes("agent_second_opinion"), names.join(", "));
      const before = context.simulator.requests.length;
      const result = secondOpinionOf(
        await client.callTool("agent_second_opinion", { question: "From the package?", maxOpinions: 1 }),
      );
      assert.equal(result.secondaryOpinions.length, 1);
      assert.ok(context.simulator.requests.length > before, "the models were asked at the simulator");
    } finally {
      await client.close();
    }
  });

  it("asks a model of every vendor through its provider package, each loaded from the bundle", async () => {
    const client = await connectClient("v2-modern", {
      transport: "stdio",
      environment: { ...environment, OLLAMA_BASE_URL: `${context.simulator.url}/ollama` },
      command: { file: installed.command, args: ["mcp"] },
      directory: elsewhere,
    });
    try {
      const secondaries = ["claude", "gemini", "grok", "cerebras", "perplexity", "openrouter", "ollama"];
      const before = context.simulator.requests.length;
      const result = secondOpinionOf(
        await client.callTool("agent_second_opinion", {
          question: "Every vendor, from the package?",
          primaryModel: "openai",
          secondaryModels: secondaries,
          maxOpinions: secondaries.length,
        }),
      );
      const failed = [result.primary, ...result.secondaryOpinions].filter((opinion) => opinion.error);
      assert.deepEqual(
        failed.map((opinion) => `${opinion.model}: ${opinion.response}`),
        [],
      );
      assert.deepEqual(
        result.secondaryOpinions.map((opinion) => opinion.model).sort(),
        [...secondaries].sort(),
      );
      const asked = new Set(context.simulator.requests.slice(before).map((request) => request.provider));
      for (const provider of [
        "openai",
        "anthropic",
        "google",
        "xai",
        "cerebras",
        "perplexity",
        "openrouter",
        "ollama",
      ]) {
        assert.ok(asked.has(provider), `${provider} was asked at the simulator`);
      }
    } finally {
      await client.close();
    }
  });

  it("serves HTTP: health answers, the web page is served and so are the metrics", async () => {
    const server = await startServer(installed.command, environment, elsewhere);
    try {
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.status, 200);
      assert.equal(((await health.json()) as { version?: string }).version, manifest.version);
      const page = await fetch(`${server.url}/`);
      assert.equal(page.status, 200);
      const html = await page.text();
      const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
      assert.ok(script, html);
      const asset = await fetch(new URL(script, `${server.url}/`));
      assert.equal(asset.status, 200);
      assert.match(asset.headers.get("content-type") ?? "", /javascript/);
      // prom-client's process metrics, which load OpenTelemetry's API, an optional package, with them.
      const metrics = await fetch(`${server.url}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(await metrics.text(), /^ai_universe_process_cpu_seconds_total \d/m);
    } finally {
      await server.stop();
    }
  });

  it("runs on Node 22.13, the oldest it supports, whose SQLite has no full-text search: answers and finds", async () => {
    const node = oldestNode();
    const onOldest = {
      ...environment,
      PATH: `${dirname(node)}:${environment.PATH}`,
      DATABASE_URL: join(temporaryDirectory("oldest-node"), "conversations.db"),
    };
    const version = await runInstalled(installed.command, ["--version"], onOldest, elsewhere);
    assert.equal(version.code, 0, version.stderr);
    const client = await connectClient("v2-modern", {
      transport: "stdio",
      environment: onOldest,
      command: { file: installed.command, args: ["mcp"] },
      directory: elsewhere,
    });
    try {
      const result = secondOpinionOf(
        await client.callTool("agent_second_opinion", {
          question: "Which durable store fits one node?",
          maxOpinions: 1,
        }),
      );
      assert.equal(result.persistenceStatus.error, null);
      const found = (await client.callTool("conversation_search", { query: "durable store" }))
        .structuredContent as { results: { conversationId: string; snippet: string }[] };
      assert.deepEqual(
        found.results.map((hit) => hit.conversationId),
        [result.conversationId],
      );
      assert.match(found.results[0]?.snippet ?? "", /\*\*durable\*\*/i);
    } finally {
      await client.close();
    }
    const process22 = await runInstalled(node, ["-p", "process.version"], onOldest, elsewhere);
    assert.equal(process22.stdout.trim(), `v${oldestNodeVersion}`);
  });

  it("says which package to install for PostgreSQL, which it does not install", async () => {
    const result = await runInstalled(
      installed.command,
      ["conversations"],
      { ...environment, DATABASE_URL: "postgres://user:password@127.0.0.1:1/none" },
      elsewhere,
    );
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr.trim(),
      `ai-universe: ${missingPackageMessage("A PostgreSQL database (DATABASE_URL)", optionalPackages.postgres)}`,
    );
    assert.match(result.stderr, /npm install pg/);
  });

  it("on a Node older than 22.13 says which Node to install, in one line", async () => {
    const oldNode = join(elsewhere, "old-node.mjs");
    writeFileSync(oldNode, 'Object.defineProperty(process.versions, "node", { value: "20.11.0" });\n');
    const launcher = join(installed.root, "bin/ai-universe.js");
    const result = await runInstalled(
      process.execPath,
      ["--import", oldNode, launcher, "mcp"],
      environment,
      elsewhere,
    );
    assert.equal(result.code, 2);
    assert.equal(result.stderr.trim().split("\n").length, 1, result.stderr);
    assert.match(result.stderr, /needs Node\.js 22\.13 or newer, and this is Node\.js 20\.11\.0/);
    assert.match(result.stderr, /Install Node\.js 22\.13 or newer/);
    assert.doesNotMatch(result.stderr, /npm install/);
  });
});
