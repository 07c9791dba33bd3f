// `npm run bench` (first section) and `npm run bench -- --start`: how fast the program starts, against
// a bare `node -e 0` measured in the same run, as ratios. MCP clients spawn the stdio server at each of
// their own starts, the AI SDK's MCP client gives up waiting for it after 1 s, and Codex sends its first
// model request about 1.1 s after it starts with the tools it has by then, so measured are:
//   - `node bin/ai-universe.js mcp`, as the README's client snippets start it: spawn to the answer of a
//     raw JSON-RPC `initialize` line;
//   - the same start, spawn to the answer of `tools/list`, sent (after `notifications/initialized`) once
//     `initialize` is answered, as a client does; and the same again with slow endpoint models
//     configured (OLLAMA_BASE_URL and an OpenAI-compatible model in the config file, on a server that
//     answers 3 s late), which the start checks;
//   - `node bin/ai-universe.js --version`: spawn to exit;
//   - the same stdio start without Node's compile cache, as the first start after an install or an
//     upgrade finds it (every later start reads the modules' compiled code from it);
//   - the same stdio start from the TypeScript sources (type stripping), as the tests run it.
// Rounds interleave the subjects so that a busy machine slows each alike; medians are reported.
// Targets (30 ms bare start on the reference machine): initialize <= 10x bare (300 ms), --version <= 5x
// (150 ms); tools/list answered within 150 ms of the spawn, with or without slow endpoint models.
// Then the first start on a machine (bench/install-footprint.ts): what installing the package takes,
// and a cold `npx -y ai-universe mcp` to its answer of `initialize`, with npm's cache empty.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Aim, atMost, printAims, times } from "./aims.ts";
import { median, progress } from "./bench-process.ts";
import { initialize, installAimsOf, measureInstall, printInstall } from "./install-footprint.ts";

const launcher = fileURLToPath(new URL("../bin/ai-universe.js", import.meta.url));
const sources = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
const rounds = 15;
const targets = { initialize: 10, version: 5, toolsListMs: 150 };

/** After `initialize` is answered, what a client sends to list the tools. */
const listTools = [
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((message) => `${JSON.stringify(message)}\n`)
  .join("");

/**
 * Milliseconds from spawning `node args` to its exit; with `answerOf`, to its first stdout line; with
 * `then` too, written once that line is in, to the second line.
 */
function timeStart(
  args: string[],
  environment: Record<string, string>,
  answerOf?: string,
  then?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: environment, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    let answeredMs: number | undefined;
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output = (output + chunk).slice(-4000);
    });
    let stdout = "";
    let asked = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output = (output + chunk).slice(-4000);
      stdout += chunk;
      const lines = stdout.split("\n").length - 1;
      if (then !== undefined && !asked && lines >= 1) {
        asked = true;
        child.stdin.write(then);
      }
      if (answerOf !== undefined && answeredMs === undefined && lines >= (then === undefined ? 1 : 2)) {
        answeredMs = performance.now() - started;
        child.stdin.end(); // the stdio server stops when its client closes stdin
      }
    });
    if (answerOf !== undefined) child.stdin.write(answerOf);
    else child.stdin.end();
    child.once("error", reject);
    child.once("exit", (code) => {
      const elapsed = answeredMs ?? performance.now() - started;
      if (code === 0 && (answerOf === undefined || answeredMs !== undefined)) resolve(elapsed);
      else reject(new Error(`node ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** The subjects the aims read. */
const answered = {
  initialize: "ai-universe mcp: initialize answered",
  toolsList: "ai-universe mcp: tools/list answered",
  slowEndpoints: "  the same with slow endpoint models",
} as const;

/** Milliseconds of each start, by subject, over the rounds. */
type Starts = Record<string, number[]>;

/** Times every subject's start over `rounds` rounds, the subjects interleaved. */
async function measureStarts(): Promise<Starts> {
  const directory = mkdtempSync(join(tmpdir(), "ai-universe-start-"));
  // Keys as a user would set them; nothing is called at start. A file database, as by default.
  const environment = {
    PATH: process.env.PATH ?? "",
    HOME: directory,
    OPENAI_API_KEY: "sk-bench",
    ANTHROPIC_API_KEY: "sk-ant-bench",
    GEMINI_API_KEY: "bench",
    DATABASE_URL: join(directory, "conversations.db"),
    AI_UNIVERSE_LOG_FORMAT: "json",
  };
  const slow = await slowEndpoint(3000);
  const withSlowEndpoints = { ...environment, ...slowEndpointSettings(directory, slow.url) };
  const subjects = {
    "node -e 0": () => timeStart(["-e", "0"], environment),
    "ai-universe --version": () => timeStart([launcher, "--version"], environment),
    [answered.initialize]: () => timeStart([launcher, "mcp"], environment, initialize),
    [answered.toolsList]: () => timeStart([launcher, "mcp"], environment, initialize, listTools),
    [answered.slowEndpoints]: () => timeStart([launcher, "mcp"], withSlowEndpoints, initialize, listTools),
    "  the same without the compile cache": () =>
      timeStart([launcher, "mcp"], { ...environment, NODE_DISABLE_COMPILE_CACHE: "1" }, initialize),
    "  the same from src/ (type stripping)": () => timeStart([sources, "mcp"], environment, initialize),
  };
  const starts: Starts = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  progress(`start times: ${rounds} rounds`);
  // Creates the database and fills the compile cache, as any earlier start would have; not counted.
  await subjects[answered.initialize]();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [name, measure] of Object.entries(subjects)) starts[name]?.push(await measure());
    }
  } finally {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  }
  return starts;
}

/**
 * Measures the start times and prints them with their ratio to a bare Node start, and the first start
 * on a machine; returns the aims issue 45 holds them to (tools/list, the install and a cold npx).
 */
export async function runStartComparison(): Promise<Aim[]> {
  if (!existsSync(fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))))
    throw new Error("dist/ is missing: run npm run build first (bin/ai-universe.js runs the build)");
  const starts = await measureStarts();
  const ms = (name: string) => median(starts[name] ?? []);
  const bare = ms("node -e 0");
  console.log(
    `${"start time (median of ".concat(String(rounds), ")").padEnd(42)}${"ms".padStart(12)}${"x bare".padStart(12)}`,
  );
  for (const name of Object.keys(starts))
    console.log(
      `${name.padEnd(42)}${ms(name).toFixed(0).padStart(12)}${(ms(name) / bare).toFixed(1).padStart(12)}`,
    );
  printAims([
    atMost(
      `initialize <= ${targets.initialize}x bare node start`,
      ms(answered.initialize) / bare,
      targets.initialize,
      times,
    ),
    atMost(
      `--version <= ${targets.version}x bare node start`,
      ms("ai-universe --version") / bare,
      targets.version,
      times,
    ),
  ]);
  console.log("");
  const footprint = await measureInstall();
  printInstall(footprint);
  const milliseconds = (value: number) => `${value.toFixed(0)} ms`;
  const within = `tools/list <= ${targets.toolsListMs} ms after the spawn`;
  return [
    atMost(within, ms(answered.toolsList), targets.toolsListMs, milliseconds),
    atMost(`${within}, slow endpoint models`, ms(answered.slowEndpoints), targets.toolsListMs, milliseconds),
    ...installAimsOf(footprint),
  ];
}

/** A local OpenAI-compatible endpoint that answers every request `lateMs` late, as a slow one would. */
async function slowEndpoint(lateMs: number): Promise<Server & { url: string }> {
  const server = createServer((_request, response) => {
    const timer = setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ object: "list", data: [{ id: "slow-model", object: "model" }] }));
    }, lateMs);
    response.once("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return Object.assign(server, { url: `http://127.0.0.1:${port}` });
}

/** Endpoint models on `url`: Ollama's (OLLAMA_BASE_URL) and an OpenAI-compatible one in a config file. */
function slowEndpointSettings(directory: string, url: string): Record<string, string> {
  const configPath = join(directory, "slow-endpoints.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      models: {
        "slow-local": { provider: "openai-compatible", modelId: "slow-model", baseURL: `${url}/v1` },
      },
    }),
  );
  return { OLLAMA_BASE_URL: url, AI_UNIVERSE_CONFIG: configPath };
}
