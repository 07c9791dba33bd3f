// A stdio start answers `initialize` and `tools/list` at once, before it has checked its models
// (src/stdio/early-answers.ts), and they are the server's own answers: on every protocol revision, to
// the official clients (SDK v1 on the 2025 revisions, v2 on 2026-07-28) and byte for byte to raw
// requests, the same as the full server alone gives (support/full-stdio-server.ts). The client then goes
// on with the full server, and the start writes nothing on stderr unless asked. An endpoint model whose
// probe is held (support/held-endpoint.ts) keeps the start checking its models, so "at once" is seen as
// "while that check waits", never timed.

import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { useSimulatorEnvironment } from "./support/e2e-fixture.ts";
import { type HeldEndpoint, startHeldEndpoint } from "./support/held-endpoint.ts";
import { mainScript } from "./support/http-server-process.ts";
import { type ClientKind, connectClient, type TestClient } from "./support/mcp-clients.ts";

const fullServer = fileURLToPath(new URL("./support/full-stdio-server.ts", import.meta.url));

/** The 2026-07-28 envelope a request of that revision carries. */
const envelope = {
  _meta: {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  },
};

const initialize = (id: number, protocolVersion: string) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities: { roots: {} }, clientInfo: { name: "raw", version: "1" } },
});
const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };

/** Opening exchanges sent as raw lines: the command's options and the messages. */
const openings: { name: string; args: string[]; messages: object[]; ping: object }[] = [
  {
    name: "2025-03-26",
    args: [],
    messages: [initialize(1, "2025-03-26"), initialized, { jsonrpc: "2.0", id: 2, method: "tools/list" }],
    ping: { jsonrpc: "2.0", id: 3, method: "ping" },
  },
  {
    name: "a revision the server does not know, dotted tool names",
    args: ["--tool-names", "dotted"],
    messages: [initialize(1, "2099-01-01"), initialized, { jsonrpc: "2.0", id: "two", method: "tools/list" }],
    ping: { jsonrpc: "2.0", id: 3, method: "ping" },
  },
  {
    name: "2026-07-28, server/discover first",
    args: [],
    messages: [
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: envelope },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: envelope },
    ],
    ping: { jsonrpc: "2.0", id: 3, method: "ping", params: envelope },
  },
];

/** A stdio server process and what it has written. */
interface StdioProcess {
  child: ChildProcessWithoutNullStreams;
  /** The lines of stdout so far. */
  lines(): string[];
  stderr(): string;
  /** Resolves once stdout has a line answering each of `ids`, with those lines by id. */
  answers(ids: readonly unknown[]): Promise<Map<string, string>>;
  /** Closes stdin and resolves with the exit code. */
  stop(): Promise<number | null>;
}

function startStdio(script: string, args: string[], environment: Record<string, string>): StdioProcess {
  const child = spawn(process.execPath, [script, "mcp", ...args], {
    env: environment,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = once(child, "exit").then(([code]) => code as number | null);
  // Whole lines only: an answer longer than a pipe's chunk (tools/list, over 64 KiB) arrives in parts.
  const lines = () =>
    stdout
      .slice(0, stdout.lastIndexOf("\n") + 1)
      .split("\n")
      .filter(Boolean);
  const byId = (ids: readonly unknown[]) => {
    const found = new Map<string, string>();
    for (const line of lines()) {
      const id = JSON.stringify((JSON.parse(line) as { id?: unknown }).id);
      if (ids.some((wanted) => JSON.stringify(wanted) === id)) found.set(id, line);
    }
    return found;
  };
  const changed: (() => void)[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const listener of changed.splice(0)) listener();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return {
    child,
    lines,
    stderr: () => stderr,
    async answers(ids) {
      for (let found = byId(ids); ; found = byId(ids)) {
        if (found.size === ids.length) return found;
        await Promise.race([
          new Promise<void>((resolve) => changed.push(resolve)),
          exited.then((code) => Promise.reject(new Error(`exited with ${code} before answering: ${stderr}`))),
        ]);
      }
    },
    stop() {
      child.stdin.end();
      return exited;
    },
  };
}

const send = (server: StdioProcess, messages: readonly object[]) => {
  for (const message of messages) server.child.stdin.write(`${JSON.stringify(message)}\n`);
};

const requestIds = (messages: readonly object[]) =>
  messages.map((message) => (message as { id?: unknown }).id).filter((id) => id !== undefined);

/** What a client learns of the server at its start. */
async function serverView(client: TestClient) {
  return {
    protocolVersion: client.protocolVersion,
    capabilities: client.serverCapabilities,
    serverInfo: client.raw.getServerVersion?.(),
    instructions: client.raw.getInstructions?.(),
    tools: await client.listTools(),
  };
}

describe("early answers over stdio", () => {
  const context = useSimulatorEnvironment();
  let endpoint: HeldEndpoint;
  before(async () => {
    endpoint = await startHeldEndpoint();
  });
  after(async () => endpoint?.close());
  /** The test environment with an endpoint model whose probe the test can hold. */
  const environment = () => ({ ...context.environment, OLLAMA_BASE_URL: endpoint.url });
  /** Holds the endpoint's probes; `waiting()` says whether none made since has been answered or given up. */
  const holdProbes = () => {
    const first = endpoint.probes.length;
    const release = endpoint.hold();
    const waiting = () => endpoint.probes.slice(first).every((probe) => !probe.aborted && !probe.answered);
    return { release, waiting };
  };

  for (const opening of openings) {
    it(`${opening.name}: answered while the models are checked, byte for byte as the server answers`, async () => {
      const ids = requestIds(opening.messages);
      const probes = holdProbes();
      const early = startStdio(mainScript, opening.args, environment());
      let full: StdioProcess | undefined;
      try {
        let earlyAnswers: Map<string, string>;
        try {
          send(early, opening.messages);
          earlyAnswers = await early.answers(ids);
          assert.ok(probes.waiting(), "answered while the check of the endpoint model waits for it");
        } finally {
          probes.release();
        }
        // The full server, now loaded, answers what follows.
        send(early, [opening.ping]);
        await early.answers([...ids, (opening.ping as { id: unknown }).id]);
        full = startStdio(fullServer, opening.args, environment());
        send(full, opening.messages);
        assert.deepEqual(earlyAnswers, await full.answers(ids));
      } finally {
        if (full) assert.equal(await full.stop(), 0, full.stderr());
        assert.equal(await early.stop(), 0, early.stderr());
      }
      assert.equal(early.lines().length, ids.length + 1, "each request answered once");
      assert.equal(early.stderr(), "", "nothing on stderr at start");
    });
  }

  const clients: { kind: ClientKind; revision: string }[] = [
    { kind: "v1-2025-06-18", revision: "2025-06-18" },
    { kind: "v1-2025-11-25", revision: "2025-11-25" },
    { kind: "v2-modern", revision: "2026-07-28" },
  ];
  for (const { kind, revision } of clients) {
    it(`${kind}: the server's own opening answers while the models are checked, then the full server`, async () => {
      const probes = holdProbes();
      let early: TestClient | undefined;
      let full: TestClient | undefined;
      try {
        let earlyView: Awaited<ReturnType<typeof serverView>>;
        try {
          early = await connectClient(kind, { transport: "stdio", environment: environment() });
          earlyView = await serverView(early);
          assert.ok(probes.waiting(), "answered while the check of the endpoint model waits for it");
        } finally {
          probes.release();
        }
        assert.equal(earlyView.protocolVersion, revision);
        const listed = await early.callTool("conversation_list", {});
        assert.ok(!listed.isError, JSON.stringify(listed));
        full = await connectClient(kind, {
          transport: "stdio",
          environment: environment(),
          command: { file: process.execPath, args: [fullServer, "mcp"] },
        });
        assert.deepEqual(earlyView, await serverView(full));
      } finally {
        await early?.close();
        await full?.close();
      }
    });
  }

  it("prints the models and where conversations are stored only when asked", async () => {
    const quiet = startStdio(mainScript, [], environment());
    const asked = startStdio(mainScript, [], { ...environment(), AI_UNIVERSE_LOG_LEVEL: "info" });
    try {
      for (const server of [quiet, asked])
        send(server, [initialize(1, "2025-11-25"), { jsonrpc: "2.0", id: 2, method: "ping" }]);
      await Promise.all([quiet.answers([1, 2]), asked.answers([1, 2])]);
    } finally {
      assert.equal(await quiet.stop(), 0);
      assert.equal(await asked.stop(), 0);
    }
    assert.equal(quiet.stderr(), "");
    assert.match(asked.stderr(), /models available: .*\n.*conversations are stored in /);
  });
});
