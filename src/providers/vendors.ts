// The registry of vendors: every vendor the product reaches, one line each, in the order `doctor` checks
// them. Adding a vendor is a folder implementing VendorSpec (vendor-spec.ts) and one line here; the
// provider ids the config file accepts, the environment read, the model factory, the call settings, the
// probes, the price data's ids and the model families all come from this list.

import { anthropic } from "./anthropic/index.ts";
import { cerebras } from "./cerebras/index.ts";
import { claudeCode } from "./claude-code/index.ts";
import { codex } from "./codex/index.ts";
import { copilot } from "./copilot/index.ts";
import { geminiCli } from "./gemini-cli/index.ts";
import { google } from "./google/index.ts";
import { ollama } from "./ollama/index.ts";
import { openai } from "./openai/index.ts";
import { openaiCompatible } from "./openai-compatible/index.ts";
import { openrouter } from "./openrouter/index.ts";
import { perplexity } from "./perplexity/index.ts";
import { simulated } from "./simulated/index.ts";
import type { VendorSpec } from "./vendor-spec.ts";
import { xai } from "./xai/index.ts";

const registered = [
  openai,
  anthropic,
  google,
  xai,
  cerebras,
  perplexity,
  openrouter,
  ollama,
  openaiCompatible,
  codex,
  claudeCode,
  geminiCli,
  copilot,
  simulated,
] as const satisfies readonly VendorSpec[];

/** A vendor's id, as model entries and the config file name it ("openai", "ollama"). */
export type VendorId = (typeof registered)[number]["id"];

/** Every vendor's spec, in the registry's order. */
export const vendorSpecs: readonly VendorSpec<VendorId>[] = registered;

/** Every vendor id, in the registry's order. */
export const vendorIds = vendorSpecs.map((spec) => spec.id) as [VendorId, ...VendorId[]];

const byId = new Map<string, VendorSpec>(vendorSpecs.map((spec) => [spec.id, spec]));

/** The spec of vendor `id`, or undefined for an id no vendor has. */
export function findVendor(id: string): VendorSpec | undefined {
  return byId.get(id);
}

/** The spec of vendor `id`; throws for an id no vendor has (the config file's schema refuses those). */
export function vendorOf(id: string): VendorSpec {
  const spec = byId.get(id);
  if (!spec) throw new Error(`No vendor "${id}": the vendors are ${vendorIds.join(", ")}.`);
  return spec;
}

/** One value for every vendor: `pick` of its spec, keyed by its id. */
export function byVendor<T>(pick: (spec: VendorSpec) => T): Record<VendorId, T> {
  const values = {} as Record<VendorId, T>;
  for (const spec of vendorSpecs) values[spec.id] = pick(spec);
  return values;
}
