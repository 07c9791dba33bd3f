// `ai-universe doctor`: is everything in place? Node, the config file, the data directory and the
// store, and for each provider whether a key is set and its endpoint accepts it (one cheap request,
// with its latency). Says what to fix; the exit code is 0 only when nothing is wrong.

import { dirname } from "node:path";
import { type Configuration, loadConfiguration } from "../configuration/configuration.ts";
import type { ProviderKind } from "../configuration/model-entry.ts";
import { providerEnvironments } from "../configuration/provider-environment.ts";
import { createProviderFetch } from "../providers/provider-fetch.ts";
import { defaultBaseUrls, probeProvider } from "../providers/provider-probe.ts";
import { openStore } from "../store/open-store.ts";
import type { CommandOptions } from "./command-line.ts";
import { terminalStyle } from "./terminal/terminal-style.ts";

/** The providers reached over the internet: those with a public endpoint. */
const cloudProviders = Object.keys(defaultBaseUrls) as ProviderKind[];

/** Runs the checks; returns 0 when all is well, 1 otherwise. */
export async function runDoctor(options: CommandOptions): Promise<number> {
  const { colors } = terminalStyle(process.stdout, options.environment);
  let problems = 0;
  const line = (state: "ok" | "problem" | "note", text: string) => {
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
      : "no config file: built-in defaults (see README, Config file)",
  );
  line("note", `auth mode ${configuration.auth.mode}`);
  await checkStore(configuration, line);
  const fetch = createProviderFetch(configuration.environment);
  const checks = cloudProviders.map(async (kind) => {
    const settings = configuration.providers[kind];
    const variables = providerEnvironments[kind].keyVariables.join(" or ");
    if (!settings.apiKey) return () => line("note", `${kind}: no key (set ${variables} to use it)`);
    const probe = await probeProvider(kind, settings, fetch);
    return () => {
      if (probe.verdict === "ok")
        line("ok", `${kind}: key set, ${probe.url} answered in ${probe.latencyMs} ms`);
      else if (probe.verdict === "rejected") {
        line("problem", `${kind}: ${probe.url} rejected the key (HTTP ${probe.status}): check ${variables}`);
      } else if (probe.verdict === "answered") {
        line("ok", `${kind}: key set, ${probe.url} answered HTTP ${probe.status} in ${probe.latencyMs} ms`);
      } else {
        line(
          "problem",
          `${kind}: ${probe.url} did not answer (${probe.detail ?? `HTTP ${probe.status}`}): check the network, a proxy (HTTPS_PROXY) or ${providerEnvironments[kind].baseUrlVariable}`,
        );
      }
    };
  });
  for (const report of await Promise.all(checks)) report();
  const ollama = configuration.providers.ollama;
  if (ollama.baseURL) {
    const probe = await probeProvider("ollama", ollama, fetch);
    if (probe.verdict === "error")
      line("problem", `ollama: ${probe.url} did not answer (${probe.detail}): is Ollama running?`);
    else line("ok", `ollama: ${probe.url} answered in ${probe.latencyMs} ms`);
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
