// Loads the configuration and starts the runtime for a command, announcing on stderr (stdout is the
// protocol for stdio) which models were found and where conversations are stored: `serve` always, the
// stdio server only when asked (asksForStartNotes).

import { type Configuration, loadConfiguration, startPriceRefresh } from "../application/index.ts";
import { type Runtime, startRuntime as start } from "../runtime/runtime.ts";
import type { CommandOptions } from "./command-line.ts";

/**
 * Starts the runtime described by `options` and the environment; `served.metrics` collects the
 * Prometheus metrics a front end serves (only `serve` does); `served.prices: false` leaves the price
 * data as bundled, for a command that shows no price (`keys`, `usage`).
 */
export async function launchRuntime(
  options: CommandOptions,
  announce = true,
  served: { metrics?: boolean; prices?: boolean } = {},
): Promise<Runtime> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.toolNames ? { toolNames: options.toolNames } : {}),
  });
  // Fresh prices only when the operator asked (AI_UNIVERSE_PRICE_REFRESH); fetched in the background.
  if (configuration.priceRefresh && served.prices !== false) startPriceRefresh(configuration.priceRefresh);
  const runtime = await start(configuration, { metrics: served.metrics === true });
  if (announce) {
    const names = runtime.roster.available.map((entry) => entry.name).join(", ");
    process.stderr.write(`ai-universe ${runtime.version}: models available: ${names}\n`);
    if (runtime.roster.notice) process.stderr.write(`ai-universe: ${runtime.roster.notice}\n`);
    process.stderr.write(`ai-universe: conversations are stored in ${configuration.databaseUrl}\n`);
  }
  return runtime;
}

/**
 * Whether the start notes were asked for where they are not printed by default (the stdio server):
 * AI_UNIVERSE_LOG_LEVEL at info or more. A client such as Claude Code logs every line of its server's
 * stderr as an error, so by default that start prints only real problems.
 */
export function asksForStartNotes(environment: Record<string, string | undefined>): boolean {
  return ["info", "debug", "trace"].includes(environment.AI_UNIVERSE_LOG_LEVEL ?? "");
}

/**
 * Starts a runtime on `configuration` with an empty in-memory database of its own and no Redis, for a
 * command that reads and writes nothing in the database (`models`, `doctor`'s checks of the
 * providers): it works, and creates no file, whatever state the configured database is in.
 */
export function startRuntimeWithoutDatabase(configuration: Configuration): Promise<Runtime> {
  const { redisUrl: _redis, ...rest } = configuration;
  return start({ ...rest, databaseUrl: ":memory:" });
}
