// `npm run bench -- --streams`: what forwarding answers as they form costs the server, per path. One node
// (SQLite), one consultation at a time: six opinions and a synthesis, every model streaming in pieces of
// 24 characters, each opinion `size` characters long (2,000, 20,000, 200,000) of one shape: words, or one
// unbroken base64-like run. Each consultation is asked over the web page's stream (`POST
// /api/consultations`, server-sent events) and as an MCP tool call with a progress token and
// `streamTextKey` (the answers in its progress), in turns, and the server's own CPU per consultation is
// read from the probe (process-probe.ts); the provider simulator runs in this process. Printed: the
// figures, and as aims the page over MCP at 2,000 and 20,000 characters (at most 1.2) and the growth from
// 20,000 to 200,000 characters on each path (at most 12.5, ten times the text).

import { rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { progressEventKey, streamTextKey } from "../src/contract/progress-events.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import { startProviderSimulator } from "../test/simulator/provider-simulator.ts";
import { type Aim, atMost, times } from "./aims.ts";
import { ask, progress, startProduct, stopProcess } from "./bench-process.ts";
import { answerWith, opinionModels, panel, pieceChars, type Shape, shapes } from "./stream-answers.ts";

const sizes = [2_000, 20_000, 200_000] as const;
/** Consultations measured per size and path: enough for a steady figure, few where each is long. */
const runsAt: Record<(typeof sizes)[number], number> = { 2000: 12, 20000: 6, 200000: 2 };

type Path = "page" | "mcp";

const agent = new Agent({ keepAlive: true });

/** POSTs `body` and reads the whole answer; rejects on anything but 200 and an answer without an error. */
function post(url: string, headers: Record<string, string>, body: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: "POST", agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const failed = /^event: error$/m.test(text) || text.includes('"isError":true');
        if (response.statusCode !== 200 || failed) reject(new Error(`${url}: ${text.slice(-400)}`));
        else resolve(text);
      });
    });
    call.setTimeout(600_000, () => call.destroy(new Error(`${url}: no answer within 600 s`)));
    call.on("error", reject);
    call.end(JSON.stringify(body));
  });
}

const question = { question: "How long can an answer be?", ...panel };

/** One consultation over `path` at the server `base`; rejects unless every opinion streamed and answered. */
async function consult(base: string, path: Path, size: number): Promise<void> {
  const text =
    path === "page"
      ? await post(
          `${base}/api/consultations`,
          { "content-type": "application/json", "x-requested-with": "ai-universe" },
          question,
        )
      : await post(
          `${base}/mcp`,
          {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2026-07-28",
            "mcp-method": "tools/call",
            "mcp-name": "agent.second_opinion",
          },
          {
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: {
              name: "agent.second_opinion",
              arguments: question,
              _meta: {
                progressToken: "bench",
                [streamTextKey]: true,
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
                "io.modelcontextprotocol/clientCapabilities": {},
              },
            },
          },
        );
  // Each opinion streamed: a `model-text` event of every model (on MCP, in the progress's _meta).
  const texts = (text.match(/"type":"model-text"/g) ?? []).length;
  if (texts < opinionModels.length || (path === "mcp" && !text.includes(progressEventKey)))
    throw new Error(`${path}: only ${texts} model-text events for answers of ${size} characters`);
}

/** The server's CPU ms per consultation over `runs` consultations one after another. */
async function cpuPerConsultation(
  product: Awaited<ReturnType<typeof startProduct>>,
  base: string,
  path: Path,
  size: number,
  runs: number,
): Promise<number> {
  await ask(product.child, { type: "heap" }, "heap");
  product.child.send({ type: "start" });
  for (let run = 0; run < runs; run++) await consult(base, path, size);
  const { cpuMs } = await ask<{ cpuMs: number }>(product.child, { type: "stop" }, "measurement");
  return cpuMs / runs;
}

/** CPU ms per consultation by shape, size and path. */
type Figures = Record<Shape, Record<number, Record<Path, number>>>;

/** Measures both paths at every size and shape and prints the figures; returns the aims on them. */
export async function runStreamComparison(): Promise<Aim[]> {
  const simulator = await startProviderSimulator();
  const prepared = await serverEnvironment(simulator.url, {
    maxRetries: 0,
    modelDeadlineMs: 600_000,
    requestDeadlineMs: 600_000,
    answerWithinMs: 600_000,
  });
  const product = await startProduct({ ...prepared.environment, DATABASE_URL: prepared.databasePath });
  const base = product.url.replace(/\/mcp$/, "");
  const figures = {} as Figures;
  try {
    for (const shape of Object.keys(shapes) as Shape[]) {
      figures[shape] = {};
      for (const size of sizes) {
        answerWith(simulator, shapes[shape](size));
        // Once each, unmeasured: the first consultation of a size warms the paths it takes.
        for (const path of ["page", "mcp"] as const) await consult(base, path, size);
        const measured: Record<Path, number> = { page: 0, mcp: 0 };
        // In turns, half the runs each, so whatever else the machine does weighs on both paths alike.
        const half = Math.max(1, runsAt[size] / 2);
        for (const turn of [0, 1])
          for (const path of ["page", "mcp"] as const) {
            progress(`${shape}, ${size.toLocaleString("en")} characters: ${path}, turn ${turn + 1}`);
            measured[path] += (await cpuPerConsultation(product, base, path, size, half)) / 2;
          }
        figures[shape][size] = measured;
      }
    }
  } finally {
    await stopProcess(product.child);
    await simulator.close();
    rmSync(prepared.directory, { recursive: true, force: true });
  }
  return report(figures);
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const pathName: Record<Path, string> = { page: "page's stream", mcp: "MCP progress" };

/** Prints the figures; returns the aims on them (issue 45's): page over MCP, and growth on each path. */
function report(figures: Figures): Aim[] {
  console.log(
    `\nserver CPU per consultation (six opinions and a synthesis, pieces of ${pieceChars} characters), ms:\n`,
  );
  console.log("| answer | characters | page's stream | MCP progress | page / MCP |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  const aims: Aim[] = [];
  for (const [shape, bySize] of Object.entries(figures))
    for (const size of sizes) {
      const { page, mcp } = bySize[size] as Record<Path, number>;
      const characters = size.toLocaleString("en");
      console.log(`| ${shape} | ${characters} | ${fixed(page)} | ${fixed(mcp)} | ${fixed(page / mcp, 2)} |`);
      if (size <= 20_000)
        aims.push(
          atMost(`page's stream <= 1.2x MCP progress, ${shape}, ${characters}`, page / mcp, 1.2, times),
        );
    }
  for (const [shape, bySize] of Object.entries(figures))
    for (const path of ["page", "mcp"] as const) {
      const growth = (bySize[200_000]?.[path] ?? 0) / (bySize[20_000]?.[path] ?? 1);
      aims.push(atMost(`${pathName[path]}, ${shape}: 20,000 to 200,000 chars <= 12.5x`, growth, 12.5, times));
    }
  return aims;
}
