// `npm run bench -- --profile`: where the product's CPU goes. The product serves 1,200 consultations
// (300 at once, zero-latency providers) under V8's CPU profiler, from its start to its end, and the share
// of the profile's samples is printed by package (our own code by file under src/), the ten largest
// first. The profile itself is kept (its path is printed) for a closer look in a profile viewer.

import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mainScript } from "../test/e2e/support/http-server-process.ts";
import { serverEnvironment } from "../test/e2e/support/server-environment.ts";
import { progress, startProcess, startSimulator, stopProcess } from "./bench-process.ts";
import { ConsultationLoad } from "./consultation-load.ts";

/** One node of a V8 CPU profile (.cpuprofile). */
interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}

/** Where a sample's time goes: a package, a file of ours, or one of V8's own entries (GC, idle). */
export function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName.replace(/[()]/g, "")})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1] as string;
  const ours = /\/src\/(.+)$/.exec(url);
  if (ours) return `src/${ours[1]}`;
  if (url.startsWith("node:")) return url;
  return url.replace(/^.*\//, "");
}

/** Shares of the busy samples (idle ones left out) by place, largest first. */
export function sharesOf(profile: { nodes: ProfileNode[]; samples: number[] }): [string, number][] {
  const places = new Map(profile.nodes.map((node) => [node.id, placeOf(node)]));
  const counts = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    const place = places.get(sample) ?? "?";
    if (place === "(idle)") continue;
    busy++;
    counts.set(place, (counts.get(place) ?? 0) + 1);
  }
  return [...counts]
    .map(([place, count]): [string, number] => [place, count / busy])
    .sort((left, right) => right[1] - left[1]);
}

/** Profiles the product under load and prints where its samples went. */
export async function runCpuProfile(): Promise<void> {
  const simulator = await startSimulator();
  const load = new ConsultationLoad();
  const profiles = await mkdtemp(join(tmpdir(), "ai-universe-profile-"));
  const { environment } = await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 30_000 });
  try {
    const product = await startProcess(
      ["--cpu-prof", `--cpu-prof-dir=${profiles}`, mainScript, "serve", "--port", "0"],
      environment,
      /MCP at (http:\/\/\S+)\/mcp/,
    );
    const subject = { name: "ai-universe", endpoints: [new URL(`${product.url}/mcp`)] };
    await simulator.behave({});
    progress("profiling 1,200 consultations, 300 at once");
    for (let round = 0; round < 4; round++) await load.batch(subject, 300);
    load.reconnect();
    await stopProcess(product.child);
  } finally {
    load.close();
    await simulator.stop();
  }
  const [file] = (await readdir(profiles)).filter((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`the product wrote no CPU profile to ${profiles}`);
  const shares = sharesOf(JSON.parse(await readFile(join(profiles, file), "utf8")));
  for (const [place, share] of shares.slice(0, 25))
    console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${place}`);
  console.log(`profile: ${join(profiles, file)}`);
}
