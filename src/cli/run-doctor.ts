// `ai-universe doctor`: is everything in place? Node, the config file, the data directory and the
// store, and for each provider whether a key is set, its endpoint accepts it (one cheap request, its
// model list, with its latency) and the key can use every model configured for it. Says what to fix;
// the exit code is 0 only when nothing is wrong.

import { dirname } from "node:path";
import { type Configuration, loadConfiguration } from "../configuration/configuration.ts";
import type { ModelEntry, ProviderKind } from "../configuration/model-entry.ts";
import { providerEnvironments } from "../configuration/provider-environment.ts";
import { modelFacts } from "../pricing/price-data.ts";
import { priceDataInfo, startPriceRefresh } from "../pricing/price-source.ts";
import { checkAgainst, listProviderModels } from "../providers/model-availability.ts";
import { createProviderFetch } from "../providers/provider-fetch.ts";
import { defaultBaseUrls, type ProbeResult, probeProvider } from "../providers/provider-probe.ts";
import { openStore } from "../store/open-store.ts";
import type { CommandOptions } from "./command-line.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";

/** The providers reached over the internet: those with a public endpoint. */
const cloudProviders = Object.keys(defaultBaseUrls) as ProviderKind[];

/** How doctor reports one finding: ✓, ✗ (a problem to fix) or - (a note). */
type Line = (state: "ok" | "problem" | "note", text: string) => void;

/** Runs the checks; returns 0 when all is well, 1 otherwise. */
export async function runDoctor(options: CommandOptions): Promise<number> {
  const { colors } = terminalStyle(process.stdout, options.environment);
  let problems = 0;
  const line: Line = (state, text) => {
    if (state === "problem") problems += 1;
    const mark = state === "ok" ? colors.green("✓") : state === "problem" ? colors.red("✗") : colors.dim("-");
    process.stdout.write(`${mark} ${text}\n`);
  };
  line("ok", `Node ${process.versions.node}`);
  let configuration: Configuration;
  try {
    configuration = loadConfiguration({
      environment: options.environment,
      ...(options.configPath ? { configPath: options.configPath } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    });
  } catch (error) {
    line("problem", `config: ${(error as Error).message}`);
    return 1;
  }
  const configPath = options.configPath ?? options.environment.AI_UNIVERSE_CONFIG;
  line(
    configPath ? "ok" : "note",
    configPath
      ? `config file ${configPath} is valid`
      : "no config file: built-in defaults (see docs/operations.md, Config file)",
  );
  line("note", `auth mode ${configuration.auth.mode}`);
  await checkPrices(configuration, line);
  await checkStore(configuration, line);
  const fetch = createProviderFetch(configuration.environment);
  const checks = cloudProviders.map(async (kind) => {
    const settings = configuration.providers[kind];
    const variables = providerEnvironments[kind].keyVariables.join(" or ");
    if (!settings.apiKey) return () => line("note", `${kind}: no key (set ${variables} to use it)`);
    const [probe, modelsNote] = await Promise.all([
      probeProvider(kind, settings, fetch),
      // Perplexity has no model list: what the product says instead, without asking.
      kind === "perplexity" ? listProviderModels(kind, settings, fetch) : undefined,
    ]);
    return () => {
      if (probe.verdict === "ok") {
        line("ok", `${kind}: key set, ${probe.url} answered in ${probe.latencyMs} ms`);
      } else if (probe.verdict === "rejected") {
        line("problem", `${kind}: ${probe.url} rejected the key (HTTP ${probe.status}): check ${variables}`);
      } else if (probe.verdict === "answered") {
        line("ok", `${kind}: key set, ${probe.url} answered HTTP ${probe.status} in ${probe.latencyMs} ms`);
      } else {
        line(
          "problem",
          `${kind}: ${probe.url} did not answer (${probe.detail ?? `HTTP ${probe.status}`}): check the network, a proxy (HTTPS_PROXY) or ${providerEnvironments[kind].baseUrlVariable}`,
        );
      }
      if (probe.verdict === "ok" || probe.verdict === "answered") {
        reportModels(kind, configuration.models, probe, modelsNote, line);
      }
    };
  });
  for (const report of await Promise.all(checks)) report();
  const ollama = configuration.providers.ollama;
  if (ollama.baseURL) {
    const probe = await probeProvider("ollama", ollama, fetch);
    if (probe.verdict === "error")
      line("problem", `ollama: ${probe.url} did not answer (${probe.detail}): is Ollama running?`);
    else {
      line("ok", `ollama: ${probe.url} answered in ${probe.latencyMs} ms`);
      reportModels("ollama", configuration.models, probe, undefined, line);
    }
  }
  if (!cloudProviders.some((kind) => configuration.providers[kind].apiKey) && !ollama.baseURL) {
    line("note", "no provider is configured: ai-universe runs on simulated models until you set a key");
  }
  process.stdout.write(
    problems === 0
      ? "All is well.\n"
      : `${problems} problem${problems === 1 ? "" : "s"} to fix (marked ✗).\n`,
  );
  return problems === 0 ? 0 : 1;
}

/**
 * Whether the key of `kind` can use each configured model of that provider, from the model list the
 * probe read: ✓ for those it lists, ✗ naming what it can use instead for each it does not.
 */
function reportModels(
  kind: ProviderKind,
  models: readonly ModelEntry[],
  probe: ProbeResult,
  unlisted: { error: string } | { ids: string[] } | undefined,
  line: Line,
) {
  // An Ollama model with its own baseURL is on another server than the one probed.
  const entries = models.filter((entry) => entry.provider === kind && !(kind === "ollama" && entry.baseURL));
  if (entries.length === 0) return;
  if (unlisted && "error" in unlisted) {
    line("note", `${kind}: ${unlisted.error}`);
    return;
  }
  const list = unlisted ?? probe.models;
  if (!list || "error" in list) {
    const why = list && "error" in list ? list.error : `${probe.url} answered HTTP ${probe.status}`;
    line("note", `${kind}: cannot check which models the key can use (${why})`);
    return;
  }
  const checks = entries.map((entry) => checkAgainst(entry, list));
  const usable = checks.filter((check) => check.state === "usable").map((check) => check.entry.modelId);
  if (usable.length > 0) line("ok", `${kind}: the key can use ${usable.join(", ")}`);
  for (const check of checks) {
    if (check.state !== "not-listed") continue;
    const { name, modelId } = check.entry;
    const instead = check.alternatives.length > 0 ? `; it can use ${check.alternatives.join(", ")}` : "";
    line(
      "problem",
      `${kind}: model "${name}" (${modelId}) is not listed for this key${instead}: set "modelId" of models.${name} in the config file`,
    );
  }
}

/** Which price data is in use, and every model it marks deprecated (a problem: the vendor retires it). */
async function checkPrices(configuration: Configuration, line: Line): Promise<void> {
  if (configuration.priceRefresh) await startPriceRefresh(configuration.priceRefresh).ready;
  const data = priceDataInfo();
  if (data.refreshError)
    line(
      "problem",
      `price data: refresh failed (${data.refreshError}); using the ${data.source} data of ${data.date}`,
    );
  else
    line(
      "ok",
      `price data: ${data.source === "refreshed" ? `fetched ${data.date}` : `bundled with @pydantic/genai-prices ${data.packageVersion}, ${data.date}`}`,
    );
  for (const entry of configuration.models) {
    if (modelFacts(entry).deprecated) {
      line(
        "problem",
        `model ${entry.name} (${entry.provider}/${entry.modelId}) is deprecated: the vendor retires it soon; set "modelId" of models.${entry.name} in the config file to a current model`,
      );
    }
  }
}

async function checkStore(
  configuration: Configuration,
  line: (state: "ok" | "problem" | "note", text: string) => void,
) {
  const location = configuration.databaseUrl;
  try {
    const store = await openStore(location, { busyWaitMs: 2000 });
    const health = await store.health();
    await store.close();
    if (health.writable)
      line("ok", `store ${location} can be read and written (data directory ${dirname(location)})`);
    else line("problem", `store ${location}: ${health.error ?? "cannot be written"}`);
  } catch (error) {
    line("problem", `store: ${(error as Error).message}`);
  }
}
