// `npm run bench`: the product against a floor, in one run. The floor (bench/floor-server.ts) is a
// minimal plain-Node handler doing the same traffic: one JSON-RPC parse, four provider calls at once
// plus a synthesis call, one SQLite transaction, a response of the same size. Both serve the same load
// from the same provider simulator, and both carry bench/process-probe.ts to report their own CPU,
// allocation and heap. Printed for each, and as product / floor:
//   - CPU and allocation per consultation and consultations per second (300 at once, zero-latency providers);
//   - wall time over the critical path (slowest opinion plus synthesis) at 100 and 1,000 concurrent,
//     every call with its own latency drawn from 200-1,500 ms;
//   - live heap per in-flight consultation (300 held open by slow providers).
// A third subject, floor+sdk, is the floor making its provider calls through the AI SDK: what the
// SDK alone costs. Targets (against the plain floor): CPU <= 1.5x floor, throughput >= 0.85x, ratio at 100 within 0.05 of the floor's, heap <= 1.3x.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mainScript } from "../test/e2e/support/http-server-process.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";

const probe = fileURLToPath(new URL("./process-probe.ts", import.meta.url));
const floorScript = fileURLToPath(new URL("./floor-server.ts", import.meta.url));
const opinionModels = ["llama-3.3-70b", "gemini-2.5-pro", "grok-4", "gpt-5.1"];
const synthesisModel = "claude-sonnet-4-5";
const targets = { cpu: 1.5, throughput: 0.85, ratioMargin: 0.05, heap: 1.3 };

/** A small seeded generator (mulberry32) so every run draws the same latencies. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function startProcess(args: string[], env: Record<string, string>, pattern: RegExp) {
  const child = spawn(process.execPath, ["--expose-gc", "--import", probe, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: string) => {
      output += chunk;
      const match = output.match(pattern);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.setEncoding("utf8").on("data", read);
    child.stderr?.setEncoding("utf8").on("data", read);
    child.once("exit", (code) => {
      reject(new Error(`exited with ${code}:\n${output}`));
      if (code !== 0 && code !== null)
        process.stderr.write(`bench: a subject exited with ${code}:\n${output.slice(-3000)}\n`);
    });
  });
  return { child, url };
}

function ask<T>(child: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      child.off("message", listen);
      resolve(reply as T);
    };
    child.on("message", listen);
    child.send(message);
  });
}

const simulator = await startProcess(
  [fileURLToPath(new URL("../test/simulator/main.ts", import.meta.url)), "--port", "0"],
  process.env as Record<string, string>,
  /listening on (\S+)/,
).catch(async () => {
  throw new Error("the simulator did not start");
});
async function behave(behaviour: object) {
  await fetch(`${simulator.url}/__simulator/behaviour`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ default: behaviour }),
  });
}

interface Subject {
  name: string;
  child: ChildProcess;
  endpoint: URL;
}

let agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": "agent.second_opinion",
};

/** One consultation; resolves with its wall time, critical path and response size. */
function consult(subject: Subject, index: number, random: () => number | undefined) {
  const latencies = [...opinionModels, synthesisModel].map((model) => [model, random()] as const);
  const drawn = latencies.every(([, ms]) => ms !== undefined);
  const marker = drawn ? ` [latency ${latencies.map(([model, ms]) => `${model}=${ms}`).join(" ")}]` : "";
  const criticalMs = drawn
    ? Math.max(...latencies.slice(0, 4).map(([, ms]) => ms ?? 0)) + (latencies[4]?.[1] ?? 0)
    : 0;
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: index,
    method: "tools/call",
    params: {
      name: "agent.second_opinion",
      arguments: {
        question: `Benchmark question ${index}?${marker}`,
        primaryModel: "cerebras",
        secondaryModels: ["gemini", "grok", "openai"],
        synthesisModel: "claude",
      },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
  const started = performance.now();
  return new Promise<{ wallMs: number; criticalMs: number; bytes: number }>((resolve, reject) => {
    const call = request(subject.endpoint, { method: "POST", agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        if (response.statusCode !== 200 || text.includes('"isError":true')) {
          reject(new Error(`${subject.name}: HTTP ${response.statusCode} ${text.slice(0, 300)}`));
        } else resolve({ wallMs: performance.now() - started, criticalMs, bytes: Buffer.byteLength(text) });
      });
    });
    call.on("error", reject);
    call.end(body);
  });
}

function batch(subject: Subject, concurrency: number, random: () => number | undefined = () => undefined) {
  const started = performance.now();
  return Promise.all(Array.from({ length: concurrency }, (_, index) => consult(subject, index, random))).then(
    (runs) => ({ wallMs: performance.now() - started, runs }),
  );
}

/** One tool call; resolves with its structured result. */
function rpc(subject: Subject, name: string, args: object): Promise<Record<string, unknown>> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
  return new Promise((resolve, reject) => {
    const call = request(
      subject.endpoint,
      { method: "POST", agent, headers: { ...headers, "mcp-name": name } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve(JSON.parse(text).result.structuredContent));
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

/** CPU ms of reading the first page of 50 messages of a 60-message conversation of second opinions. */
async function historyPageCpuMs(subject: Subject): Promise<number> {
  await behave({});
  const first = await rpc(subject, "agent.second_opinion", { question: "History benchmark" });
  const conversationId = first.conversationId as string;
  for (let turn = 1; turn < 30; turn++) {
    await rpc(subject, "agent.second_opinion", { question: `Turn ${turn}`, conversationId });
  }
  const read = () => rpc(subject, "conversation.get-history", { conversationId, limit: 50 });
  const sample = await read();
  progress(
    `history page: ${JSON.stringify(sample).length} bytes, ${(sample.history as { messages: unknown[] } | undefined)?.messages.length} messages`,
  );
  for (let round = 0; round < 200; round++) await read();
  subject.child.send({ type: "start" });
  for (let round = 0; round < 500; round++) await read();
  const used = await ask<{ cpuMs: number }>(subject.child, { type: "stop" }, "measurement");
  return used.cpuMs / 500;
}

/** Stops a measured server; idle keep-alive sockets are closed first, and the next subject gets fresh ones. */
async function retire(child: ChildProcess): Promise<void> {
  agent.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill("SIGTERM");
  await once(child, "exit");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const benchStarted = performance.now();
const progress = (line: string) =>
  process.stderr.write(`bench: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s: ${line}\n`);

async function measure(subject: Subject) {
  progress(`${subject.name}: zero-latency providers, 300 at once`);
  await behave({});
  for (let round = 0; round < 3; round++) await batch(subject, 300);
  const rounds: { cpuMs: number; allocatedKb: number; perSecond: number; bytes: number }[] = [];
  for (let round = 0; round < 5; round++) {
    subject.child.send({ type: "start" });
    const { wallMs, runs } = await batch(subject, 300);
    const used = await ask<{ cpuMs: number; allocatedBytes: number }>(
      subject.child,
      { type: "stop" },
      "measurement",
    );
    rounds.push({
      cpuMs: used.cpuMs / 300,
      allocatedKb: used.allocatedBytes / 1024 / 300,
      perSecond: 300 / (wallMs / 1000),
      bytes: runs.reduce((sum, run) => sum + run.bytes, 0) / runs.length,
    });
  }
  progress(`${subject.name}: latencies of 200-1,500 ms, 100 and 1,000 at once`);
  await behave({ latencyFromPrompt: true });
  const random = seededRandom(20261130);
  const draw = () => 200 + Math.round(random() * 1300);
  const ratios: Record<number, number> = {};
  for (const concurrency of [100, 1000]) {
    const { wallMs, runs } = await batch(subject, concurrency, draw);
    ratios[concurrency] = wallMs / Math.max(...runs.map((run) => run.criticalMs));
  }
  progress(`${subject.name}: live heap with 300 in flight`);
  await behave({ latencyMs: 4000 });
  const idle = await ask<{ heapUsed: number }>(subject.child, { type: "heap" }, "heap");
  progress(`${subject.name}: idle heap ${Math.round(idle.heapUsed / 1024)} KB`);
  const held = batch(subject, 300);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const busy = await ask<{ heapUsed: number }>(subject.child, { type: "heap" }, "heap");
  progress(`${subject.name}: busy heap ${Math.round(busy.heapUsed / 1024)} KB`);
  await held;
  progress(`${subject.name}: done`);
  return {
    cpuMs: median(rounds.map((round) => round.cpuMs)),
    allocatedKb: median(rounds.map((round) => round.allocatedKb)),
    perSecond: median(rounds.map((round) => round.perSecond)),
    responseBytes: median(rounds.map((round) => round.bytes)),
    ratio100: ratios[100] ?? 0,
    ratio1000: ratios[1000] ?? 0,
    heapKbPerConsultation: (busy.heapUsed - idle.heapUsed) / 1024 / 300,
  };
}

const { environment, directory } = serverEnvironment(simulator.url, {
  maxRetries: 0,
  modelDeadlineMs: 30_000,
});
const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
let historyMs = 0;
try {
  const product = await startProcess(
    [mainScript, "serve", "--port", "0"],
    environment,
    /MCP at (http:\/\/\S+)\/mcp/,
  );
  const productSubject = {
    name: "ai-universe",
    child: product.child,
    endpoint: new URL(`${product.url}/mcp`),
  };
  results["ai-universe"] = await measure(productSubject);
  progress("ai-universe: history pages");
  historyMs = await historyPageCpuMs(productSubject);
  await retire(product.child);
  for (const [name, calls] of [
    ["floor", "raw"],
    ["floor+sdk", "ai-sdk"],
  ] as const) {
    const floor = await startProcess(
      [floorScript],
      {
        ...environment,
        SIMULATOR_URL: simulator.url,
        FLOOR_DATABASE: join(directory, `${name}.db`),
        FLOOR_PROVIDER_CALLS: calls,
        FLOOR_RESPONSE_BYTES: String(Math.round(results["ai-universe"].responseBytes)),
      },
      /floor listening on (\S+)/,
    );
    results[name] = await measure({ name, child: floor.child, endpoint: new URL(`${floor.url}/`) });
    await retire(floor.child);
  }
} finally {
  simulator.child.kill("SIGTERM");
  agent.destroy();
}

const server = results["ai-universe"];
const floor = results.floor;
const sdkFloor = results["floor+sdk"];
if (!server || !floor || !sdkFloor) throw new Error("a subject was not measured");
const row = (label: string, value: (result: typeof server) => number, digits: number) => {
  const cells = [value(server), value(floor), value(server) / value(floor), value(sdkFloor)];
  const ratioToSdk = value(server) / value(sdkFloor);
  console.log(
    `${label.padEnd(42)}${cells.map((cell, index) => cell.toFixed(index === 2 ? 2 : digits).padStart(12)).join("")}${ratioToSdk.toFixed(2).padStart(10)}`,
  );
};
console.log(
  `${"".padEnd(42)}${["ai-universe", "floor", "ratio", "floor+sdk"].map((name) => name.padStart(12)).join("")}${"ratio".padStart(10)}`,
);
row("CPU ms per consultation (300 at once)", (result) => result.cpuMs, 2);
row("consultations per second (300 at once)", (result) => result.perSecond, 0);
row("allocated KB per consultation", (result) => result.allocatedKb, 0);
row("live heap KB per in-flight consultation", (result) => result.heapKbPerConsultation, 1);
row("wall / critical path, 100 concurrent", (result) => result.ratio100, 3);
row("wall / critical path, 1,000 concurrent", (result) => result.ratio1000, 3);
console.log("floor+sdk: the floor with its provider calls made through the AI SDK (bench/ai-sdk-calls.ts)");
console.log(`response size: ${Math.round(server.responseBytes)} bytes (the floor pads to the same)`);
console.log(
  `history: a page of 50 of 60 stored second-opinion messages costs ${historyMs.toFixed(2)} ms of CPU`,
);
const verdicts = [
  ["CPU <= 1.5x floor", server.cpuMs <= targets.cpu * floor.cpuMs],
  ["throughput >= 0.85x floor", server.perSecond >= targets.throughput * floor.perSecond],
  ["ratio at 100 within 0.05 of floor", server.ratio100 <= floor.ratio100 + targets.ratioMargin],
  ["live heap <= 1.3x floor", server.heapKbPerConsultation <= targets.heap * floor.heapKbPerConsultation],
  ["history page of 50 < 2 ms CPU", historyMs < 2],
] as const;
for (const [name, met] of verdicts) console.log(`${met ? "met   " : "MISSED"} ${name}`);
