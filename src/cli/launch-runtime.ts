// Loads the configuration and starts the runtime for a command, announcing on stderr (stdout is the
// protocol for stdio) which models were found and where conversations are stored.

import { loadConfiguration } from "../configuration/configuration.ts";
import { startPriceRefresh } from "../pricing/price-source.ts";
import { type Runtime, startRuntime as start } from "../runtime/runtime.ts";
import type { CommandOptions } from "./command-line.ts";

/**
 * Starts the runtime described by `options` and the environment; `served.metrics` collects the
 * Prometheus metrics a front end serves (only `serve` does).
 */
export async function launchRuntime(
  options: CommandOptions,
  announce = true,
  served: { metrics?: boolean } = {},
): Promise<Runtime> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.toolNames ? { toolNames: options.toolNames } : {}),
  });
  // Fresh prices only when the operator asked (AI_UNIVERSE_PRICE_REFRESH); fetched in the background.
  if (configuration.priceRefresh) startPriceRefresh(configuration.priceRefresh);
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
 * Resolves when the process is asked to stop (SIGINT or SIGTERM). The listeners stay: a Ctrl-C reaches
 * the server twice (from the terminal and forwarded by npm or the launcher), and the second copy must
 * not kill it halfway through a clean stop.
 */
export function stopRequested(): Promise<string> {
  return new Promise((resolve) => {
    process.on("SIGINT", () => resolve("SIGINT"));
    process.on("SIGTERM", () => resolve("SIGTERM"));
  });
}
