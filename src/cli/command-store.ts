// The configuration and the store for commands that need only the database (keys, usage), without
// starting the model roster.

import { type Configuration, loadConfiguration } from "../configuration/configuration.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import type { CommandOptions } from "./command-line.ts";

/** Loads the configuration `options` name and opens its store; the caller closes the store. */
export async function openCommandStore(
  options: CommandOptions,
): Promise<{ configuration: Configuration; store: Store }> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  });
  return {
    configuration,
    store: await openStore(configuration.databaseUrl, {
      busyWaitMs: configuration.storeWaitMs,
      poolSize: configuration.databasePoolSize,
    }),
  };
}
