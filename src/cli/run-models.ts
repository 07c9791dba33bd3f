// `ai-universe models`: every known model, whether it can be used now, and if not, why; then every
// panel with its models, whether all of them can be used, hedging and a rough price. `--format json`
// prints the same as the `models` tool.

import { describeModels, type ModelListing } from "../application/model-listing.ts";
import { loadConfiguration } from "../configuration/configuration.ts";
import { createEndpointProbe, resolveModelRoster } from "../providers/model-roster.ts";
import type { CommandOptions } from "./command-line.ts";

/** Prints the model and panel tables; exit code 0 even when none is available (the table says why). */
export async function runModels(options: CommandOptions): Promise<number> {
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
  });
  const roster = await resolveModelRoster(configuration, createEndpointProbe());
  const listing = describeModels(roster, configuration.defaults.panels ?? []);
  if (options.format === "json") {
    process.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(
    table(
      listing.models.map((model) => [
        model.name,
        `${model.provider}/${model.modelId}`,
        model.available ? "available" : `unavailable: ${model.reason ?? ""}`,
      ]),
    ),
  );
  if (roster.notice) process.stdout.write(`\n${roster.notice}\n`);
  if (listing.panels.length > 0) {
    process.stdout.write(`\nPanels (the panel argument of agent.second_opinion):\n${panelTable(listing)}`);
  }
  return 0;
}

function panelTable(listing: ModelListing): string {
  return table(
    listing.panels.map((panel) => [
      panel.name,
      [panel.primary, ...panel.models.filter((name) => name !== panel.primary)].join(", "),
      panel.available ? "available" : `unavailable: ${panel.unavailableModels.join(", ")}`,
      `hedge ${panel.hedge ? "on" : "off"}`,
      panel.estimatedCostUsd !== undefined ? `about $${panel.estimatedCostUsd.toFixed(4)} a question` : "",
    ]),
  );
}

/** Rows in columns padded to their widest cell; the last column is not padded. */
function table(rows: string[][]): string {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length)),
  );
  return rows
    .map(
      (row) =>
        `${row
          .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
          .join("  ")
          .trimEnd()}\n`,
    )
    .join("");
}
