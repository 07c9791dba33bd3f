// `npm run bench`: N concurrent consultations (1, 10, 100) of four models plus a synthesis against
// the provider simulator. Every model call of every consultation gets its own latency, drawn from
// 200-1,500 ms (seeded, so runs are comparable). For each batch it prints wall time divided by the
// critical path (the batch's longest slowest-model-plus-synthesis), the mean of the same ratio per
// consultation, and the server's CPU milliseconds per consultation.
// Targets at 100 concurrent: ratio <= 1.05, CPU < 5 ms per consultation.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startHttpServerProcess } from "../test/e2e/support/http-server-process.ts";
import { connectClient } from "../test/e2e/support/mcp-clients.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";

const opinionModels = {
  cerebras: "llama-3.3-70b",
  gemini: "gemini-2.5-pro",
  grok: "grok-4",
  openai: "gpt-5.1",
};
const synthesisModel = { claude: "claude-sonnet-4-5" };
const targets = { ratio: 1.05, cpuMs: 5 };

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
const random = seededRandom(20261130);
const drawLatency = () => 200 + Math.round(random() * 1300);

async function startSimulator(): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = fileURLToPath(new URL("../test/simulator/main.ts", import.meta.url));
  const child = spawn(process.execPath, [script, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  child.stdout.setEncoding("utf8");
  const [line] = (await once(child.stdout, "data")) as [string];
  const url = line.match(/listening on (\S+)/)?.[1];
  if (!url) throw new Error(`simulator did not start: ${line}`);
  child.stdout.resume();
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** CPU milliseconds (user + system) used so far, from /proc: all threads, and the main thread alone. */
function processCpuMs(pid: number): { total: number; main: number } {
  const read = (path: string) => {
    const fields = readFileSync(path, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  return { total: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

const simulator = await startSimulator();
await fetch(`${simulator.url}/__simulator/behaviour`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ default: { latencyFromPrompt: true } }),
});
const { environment } = serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 30_000 });
if (process.env.BENCH_PROFILE)
  environment.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}`;
const server = await startHttpServerProcess(environment);
const pid = server.process.pid as number;
const client = await connectClient("v2-modern", { transport: "http", url: server.url });

/** One consultation with fresh latencies; resolves with its wall time and critical path. */
async function consult(index: number): Promise<{ wallMs: number; criticalMs: number }> {
  const latencies = Object.fromEntries(
    [...Object.values(opinionModels), ...Object.values(synthesisModel)].map((model) => [
      model,
      drawLatency(),
    ]),
  );
  const opinionSlowest = Math.max(...Object.values(opinionModels).map((model) => latencies[model] ?? 0));
  const criticalMs = opinionSlowest + (latencies[synthesisModel.claude] ?? 0);
  const marker = Object.entries(latencies)
    .map(([model, ms]) => `${model}=${ms}`)
    .join(" ");
  const started = performance.now();
  const result = await client.callTool("agent.second_opinion", {
    question: `Benchmark question ${index}? [latency ${marker}]`,
    primaryModel: "cerebras",
    secondaryModels: ["gemini", "grok", "openai"],
    synthesisModel: "claude",
  });
  if (result.isError) throw new Error(`consultation failed: ${result.content[0]?.text}`);
  return { wallMs: performance.now() - started, criticalMs };
}

async function batch(concurrency: number) {
  const cpuBefore = processCpuMs(pid);
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: concurrency }, (_, index) => consult(index)));
  const wallMs = performance.now() - started;
  const criticalMs = Math.max(...runs.map((run) => run.criticalMs));
  const perConsultation = runs.map((run) => run.wallMs / run.criticalMs);
  return {
    wallMs,
    criticalMs,
    ratio: wallMs / criticalMs,
    meanRatio: perConsultation.reduce((sum, ratio) => sum + ratio, 0) / runs.length,
    worstRatio: Math.max(...perConsultation),
    cpuMs: (processCpuMs(pid).total - cpuBefore.total) / concurrency,
    mainThreadCpuMs: (processCpuMs(pid).main - cpuBefore.main) / concurrency,
  };
}

try {
  for (const warmUp of [10, 100, 100, 100]) await batch(warmUp);
  console.log(
    "concurrent  wall ms  critical ms  ratio  mean ratio  worst ratio  CPU ms/consultation (main thread)",
  );
  let passed = true;
  for (const concurrency of [1, 10, 100]) {
    const result = await batch(concurrency);
    if (concurrency === 100 && (result.ratio > targets.ratio || result.cpuMs >= targets.cpuMs))
      passed = false;
    console.log(
      [
        String(concurrency).padStart(10),
        result.wallMs.toFixed(0).padStart(7),
        result.criticalMs.toFixed(0).padStart(11),
        result.ratio.toFixed(3).padStart(5),
        result.meanRatio.toFixed(3).padStart(10),
        result.worstRatio.toFixed(3).padStart(11),
        `${result.cpuMs.toFixed(2).padStart(19)} (${result.mainThreadCpuMs.toFixed(2)})`,
      ].join("  "),
    );
  }
  console.log(
    passed ? "targets met at 100 concurrent (ratio <= 1.05, CPU < 5 ms)" : "TARGETS MISSED at 100 concurrent",
  );
  process.exitCode = passed ? 0 : 1;
} finally {
  await client.close();
  await server.stop();
  await simulator.stop();
}
