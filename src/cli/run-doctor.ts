// `ai-universe doctor`: is everything in place? Node, the config file, the data directory and the
// store, and for each provider whether a key is set, where it and the endpoint were read (naming the
// agent that likely passed them on), whether its endpoint accepts it (one cheap request, its model
// list, with its latency) and whether the key can use every model configured for it; then whether the
// available models span more than one vendor's family; then each agent CLI found, its version, sign-in and
// models (and on a shared server, which it offers). Says what to fix; the exit code is 0 only when
// nothing is wrong (a warning is something to read, not a failure).

import { dirname } from "node:path";
import {
  type AuthMode,
  agentCliFindings,
  type Configuration,
  loadConfiguration,
  localCaller,
  modelFacts,
  type ProviderCheck,
  type ProviderModelCheck,
  priceDataInfo,
  sharedServerAgentClis,
  startPriceRefresh,
} from "../application/index.ts";
import type { KeySource, ModelListing } from "../contract/models.ts";
import { type Runtime, startRuntime } from "../runtime/runtime.ts";
import type { CommandOptions } from "./command-line.ts";
import { keySourceSubject, keySourceText } from "./key-source-text.ts";
import { startRuntimeWithoutDatabase } from "./launch-runtime.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";

/** How doctor reports one finding: ✓, ✗ (a problem to fix), ! (a warning to read) or - (a note). */
type Line = (state: "ok" | "problem" | "warning" | "note", text: string) => void;

const marks = { ok: "✓", problem: "✗", warning: "!", note: "-" } as const;

/** Runs the checks; returns 0 when all is well, 1 otherwise. */
export async function runDoctor(options: CommandOptions): Promise<number> {
  const { colors } = terminalStyle(process.stdout, options.environment);
  let problems = 0;
  let warnings = 0;
  const painted = { ok: colors.green, problem: colors.red, warning: colors.yellow, note: colors.dim };
  const line: Line = (state, text) => {
    if (state === "problem") problems += 1;
    if (state === "warning") warnings += 1;
    process.stdout.write(`${painted[state](marks[state])} ${text}\n`);
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
    const [checks, listing] = await Promise.all([
      runtime.application.checkProviders(),
      runtime.application.modelListing(localCaller),
    ]);
    const sources = listing.keys ?? [];
    for (const check of checks) {
      reportProvider(
        check,
        sources.filter((source) => source.provider === check.provider && !source.model),
        line,
      );
    }
    // A provider doctor does not check, and each model with its own key or endpoint (config file).
    const checked = new Set<string>(checks.map((check) => check.provider));
    for (const source of sources.filter((source) => source.model || !checked.has(source.provider))) {
      reportSource(source, line);
    }
    if (!checks.some((check) => check.configured)) {
      line("note", "no provider is configured: ai-universe runs on simulated models until you set a key");
    } else {
      checkFamilies(listing, checks, line);
    }
  } finally {
    await runtime.close();
  }
  await reportAgentClis(options.environment, configuration.auth.mode, line);
  process.stdout.write(`${summary(problems, warnings)}\n`);
  return problems === 0 ? 0 : 1;
}

/**
 * Each agent CLI found on PATH: its version, whether it is signed in (how to sign in when not) and the
 * models it offers; on a shared server, which of them it offers and why.
 */
async function reportAgentClis(
  environment: Record<string, string | undefined>,
  mode: AuthMode,
  line: Line,
): Promise<void> {
  for (const cli of await agentCliFindings(environment)) {
    if (!cli.path) {
      line("note", `${cli.id}: ${cli.command} is not on PATH (npm install -g ${cli.packageName} to add it)`);
      continue;
    }
    const version = cli.version ?? `version unknown ("${cli.command} --version" did not answer)`;
    const models = `models ${cli.models.join(", ")}`;
    if (cli.signedIn) line("ok", `${cli.id}: ${cli.command} ${version} at ${cli.path}, signed in; ${models}`);
    else line("note", `${cli.id}: ${cli.command} ${version} at ${cli.path} is not signed in: ${cli.signIn}`);
  }
  if (mode !== "none") line("note", `agent CLIs: ${sharedServerAgentClis(environment)}`);
}

/** The last line: what to fix and what to read, or that all is well. */
function summary(problems: number, warnings: number): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  const toRead = warnings > 0 ? `${count(warnings, "warning")} to read (marked !)` : "";
  if (problems === 0) return toRead ? `Nothing to fix; ${toRead}.` : "All is well.";
  return `${count(problems, "problem")} to fix (marked ✗)${toRead ? `, ${toRead}` : ""}.`;
}

/** Where `source`'s key and endpoint were read, and what follows when an agent likely passed them on. */
function reportSource(source: KeySource, line: Line): void {
  line("note", `${keySourceSubject(source)}: ${keySourceText(source)}`);
  if (source.note) line("warning", `${keySourceSubject(source)}: ${source.note}`);
}

/**
 * A warning when every available model is of one vendor's family: its models share blind spots, so
 * their agreement is no second opinion. Names keys of other vendors that are not set.
 */
function checkFamilies(listing: ModelListing, checks: ProviderCheck[], line: Line): void {
  // Simulated models (when nothing answers) are each a family of their own: never one family.
  const available = listing.models.filter((model) => model.available);
  const [first] = available;
  if (!first || available.some((model) => model.family.id !== first.family.id)) return;
  // A vendor's usual name for its key: the last of its variables (Google's GEMINI_API_KEY).
  const others = checks
    .filter((check) => !check.configured && check.provider !== first.family.id)
    .flatMap((check) => check.keyVariables.slice(-1))
    .slice(0, 2);
  const fix =
    others.length > 0
      ? `set ${others.join(" or ")}`
      : "configure a provider of another family (see docs/operations.md, Environment)";
  const names = available.map((model) => model.name).join(", ");
  line(
    "warning",
    `every available model is of one family, ${first.family.name} (${names}): a second opinion needs another vendor's model; ${fix}`,
  );
}

/**
 * What one provider's check found: its key and endpoint, where they were read (`sources`), then which
 * of its models the key can use.
 */
function reportProvider(check: ProviderCheck, sources: KeySource[], line: Line): void {
  const { provider: kind, probe } = check;
  const variables = check.keyVariables.join(" or ");
  // A server reached at an address (Ollama) has no key to set, check or refuse.
  const keyless = check.keyVariables.length === 0;
  if (!check.configured || !probe) {
    if (!keyless) line("note", `${kind}: no key (set ${variables} to use it)`);
    for (const source of sources) reportSource(source, line);
    return;
  }
  if (probe.verdict === "error") {
    const advice = probe.advice ?? `check the network, a proxy (HTTPS_PROXY) or ${check.baseUrlVariable}`;
    line(
      "problem",
      `${kind}: ${probe.url} did not answer (${probe.detail ?? `HTTP ${probe.status}`}): ${advice}`,
    );
  } else if (keyless) {
    line("ok", `${kind}: ${probe.url} answered in ${probe.latencyMs} ms`);
  } else if (probe.verdict === "ok") {
    line("ok", `${kind}: key set, ${probe.url} answered in ${probe.latencyMs} ms`);
  } else if (probe.verdict === "rejected") {
    line("problem", `${kind}: ${probe.url} rejected the key (HTTP ${probe.status}): check ${variables}`);
  } else {
    line("ok", `${kind}: key set, ${probe.url} answered HTTP ${probe.status} in ${probe.latencyMs} ms`);
  }
  for (const source of sources) reportSource(source, line);
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
