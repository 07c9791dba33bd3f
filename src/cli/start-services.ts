// Loads the configuration and builds the services for a command, announcing how models were found.

import { loadConfiguration } from "../configuration/configuration.ts";
import { createServices, type Services } from "../runtime/services.ts";
import type { CommandOptions } from "./command-line.ts";

/** Builds the services; the banner goes to stderr so stdio's stdout stays pure protocol. */
export async function startServices(options: CommandOptions): Promise<Services> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  });
  const services = await createServices(configuration);
  const names = services.roster.available.map((entry) => entry.name).join(", ");
  process.stderr.write(`ai-universe ${services.version}: models available: ${names}\n`);
  if (services.roster.notice) process.stderr.write(`ai-universe: ${services.roster.notice}\n`);
  return services;
}

/** Resolves when the process is asked to stop (SIGINT or SIGTERM). */
export function stopRequested(): Promise<string> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
}
