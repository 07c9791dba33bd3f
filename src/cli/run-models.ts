// `ai-universe models`: every known model, whether it can be used now, and if not, why.

import { loadConfiguration } from "../configuration/configuration.ts";
import { createEndpointProbe, resolveModelRoster } from "../providers/model-roster.ts";
import type { CommandOptions } from "./command-line.ts";

/** Prints the model table; exit code 0 even when none is available (the table says why). */
export async function runModels(options: CommandOptions): Promise<number> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
  });
  const roster = await resolveModelRoster(configuration, createEndpointProbe());
  const rows = roster.statuses.map((status) => [
    status.entry.name,
    `${status.entry.provider}/${status.entry.modelId}`,
    status.available ? "available" : `unavailable: ${status.reason ?? ""}`,
  ]);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  for (const row of rows) {
    process.stdout.write(
      `${(row[0] ?? "").padEnd(widths[0] ?? 0)}  ${(row[1] ?? "").padEnd(widths[1] ?? 0)}  ${row[2]}\n`,
    );
  }
  if (roster.notice) process.stdout.write(`\n${roster.notice}\n`);
  return 0;
}
