// `ai-universe doctor`: is everything in place? Node, the config file, the data directory and the
// store, and for each provider whether a key is set, its endpoint accepts it (one cheap request, its
// model list, with its latency) and the key can use every model configured for it. Says what to fix;
// the exit code is 0 only when nothing is wrong.

import { dirname } from "node:path";
import {
  type Configuration,
  loadConfiguration,
  modelFacts,
  type ProviderCheck,
  type ProviderModelCheck,
  priceDataInfo,
  startPriceRefresh,
} from "../application/index.ts";
import { type Runtime, startRuntime } from "../runtime/runtime.ts";
import type { CommandOptions } from "./command-line.ts";
import { startRuntimeWithoutDatabase } from "./launch-runtime.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";

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
  // The providers are checked even when the store cannot be opened: on a runtime without one.
  const runtime =
    (await checkStore(configuration, line)) ?? (await startRuntimeWithoutDatabase(configuration));
  try {
    const checks = await runtime.application.checkProviders();
    for (const check of checks) reportProvider(check, line);
    if (!checks.some((check) => check.configured)) {
      line("note", "no provider is configured: ai-universe runs on simulated models until you set a key");
    }
  } finally {
    await runtime.close();
  }
  process.stdout.write(
    problems === 0
      ? "All is well.\n"
      : `${problems} problem${problems === 1 ? "" : "s"} to fix (marked ✗).\n`,
  );
  return problems === 0 ? 0 : 1;
}

/** What one provider's check found: its key and endpoint, then which of its models the key can use. */
function reportProvider(check: ProviderCheck, line: Line): void {
  const { provider: kind, probe } = check;
  const variables = check.keyVariables.join(" or ");
  if (!check.configured || !probe) {
    if (kind !== "ollama") line("note", `${kind}: no key (set ${variables} to use it)`);
    return;
  }
  if (kind === "ollama") {
    if (probe.verdict === "error")
      line("problem", `ollama: ${probe.url} did not answer (${probe.detail}): is Ollama running?`);
    else line("ok", `ollama: ${probe.url} answered in ${probe.latencyMs} ms`);
  } else if (probe.verdict === "ok") {
    line("ok", `${kind}: key set, ${probe.url} answered in ${probe.latencyMs} ms`);
  } else if (probe.verdict === "rejected") {
    line("problem", `${kind}: ${probe.url} rejected the key (HTTP ${probe.status}): check ${variables}`);
  } else if (probe.verdict === "answered") {
    line("ok", `${kind}: key set, ${probe.url} answered HTTP ${probe.status} in ${probe.latencyMs} ms`);
  } else {
    line(
      "problem",
      `${kind}: ${probe.url} did not answer (${probe.detail ?? `HTTP ${probe.status}`}): check the network, a proxy (HTTPS_PROXY) or ${check.baseUrlVariable}`,
    );
  }
  if (check.models) reportModels(kind, check.models, line);
}

/**
 * Whether the key of `kind` can use each configured model of that provider: ✓ for those its model
 * list names, ✗ naming what it can use instead for each it does not.
 */
function reportModels(kind: string, models: ProviderModelCheck, line: Line): void {
  if (models.state === "no-list") {
    line("note", `${kind}: ${models.reason}`);
    return;
  }
  if (models.state === "unreadable") {
    line("note", `${kind}: cannot check which models the key can use (${models.reason})`);
    return;
  }
  if (models.usable.length > 0) line("ok", `${kind}: the key can use ${models.usable.join(", ")}`);
  for (const { name, modelId, alternatives } of models.notListed) {
    const instead = alternatives.length > 0 ? `; it can use ${alternatives.join(", ")}` : "";
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

/**
 * Whether the store opens and can be read and written, on the runtime it starts; resolves with that
 * runtime, or undefined when it would not start (the reason is reported).
 */
async function checkStore(configuration: Configuration, line: Line): Promise<Runtime | undefined> {
  const location = configuration.databaseUrl;
  try {
    const runtime = await startRuntime(configuration);
    const health = await runtime.application.health();
    if (health.writable)
      line("ok", `store ${location} can be read and written (data directory ${dirname(location)})`);
    else line("problem", `store ${location}: ${health.error ?? "cannot be written"}`);
    return runtime;
  } catch (error) {
    line("problem", `store: ${(error as Error).message}`);
    return undefined;
  }
}
