// `ai-universe models`: every known model (an agent CLI's with its version), whether it can be used now,
// and if not, why; where each key and endpoint was read (naming the agent that likely passed one on); then
// every panel with its models,
// whether all of them can be used, hedging and a rough price. `--format json` prints the same as the
// `models` tool. `--check` also asks each configured provider's model list which models its key can
// use, and names what the key can use instead of a model it cannot. With `--server`, the listing is the
// server's `models` tool's, as it answers the key's user (where keys and prices come from only for the
// server's own local user). `--panel` shows the default panel's pairs instead (models-panel.ts), the one
// listing that opens the store.

import {
  agentCliFindings,
  loadConfiguration,
  localCaller,
  type ModelCheck,
  startPriceRefresh,
} from "../application/index.ts";
import type { ModelListing } from "../contract/models.ts";
import { connectToServer } from "./application-connection.ts";
import type { CommandOptions } from "./command-line.ts";
import { keySourceSubject, keySourceText } from "./key-source-text.ts";
import { startRuntimeWithoutDatabase } from "./launch-runtime.ts";

/**
 * Prints the model and panel tables. Exit code 0, even when no model is available (the table says
 * why); with `--check`, 1 when a model the key would be asked for is not listed for it or a key is
 * rejected (a provider that cannot be checked is not counted).
 */
export async function runModels(options: CommandOptions): Promise<number> {
  if (options.panelPairs) return (await import("./models-panel.ts")).runModelsPanel(options);
  if (options.remote?.server) return listServerModels(options, options.remote.server);
  const configuration = loadConfiguration({
    environment: options.environment,
    ...(options.configPath ? { configPath: options.configPath } : {}),
  });
  // With refresh on, the listing shows the fresh price data (or why it could not be had).
  if (configuration.priceRefresh) await startPriceRefresh(configuration.priceRefresh).ready;
  const runtime = await startRuntimeWithoutDatabase(configuration);
  try {
    const { application } = runtime;
    const listing = await application.modelListing(localCaller);
    const checks = options.check ? await application.checkModels() : undefined;
    const versions = new Map(
      (await agentCliFindings(options.environment)).map((cli) => [
        cli.id,
        `${cli.command} ${cli.version ?? (cli.path ? "version unknown" : "not on PATH")}`,
      ]),
    );
    printModels(options, listing, checks, application.models.notice, versions);
    const failed = (checks ?? []).filter((check) => check.state === "not-listed" || keyRejected(check));
    return failed.length > 0 ? 1 : 0;
  } finally {
    await runtime.close();
  }
}

/** Prints the models of the server at `server` as its `models` tool lists them to the caller. */
async function listServerModels(options: CommandOptions, server: string): Promise<number> {
  const connection = await connectToServer(server, options.remote?.apiKey);
  try {
    printModels(options, await connection.listModels(), undefined, undefined);
    return 0;
  } finally {
    await connection.close();
  }
}

/** Prints the listing and the checks as text or JSON. */
function printModels(
  options: CommandOptions,
  listing: ModelListing,
  checks: ModelCheck[] | undefined,
  notice: string | undefined,
  /** Each agent CLI's command and version, by its provider name, shown beside its models. */
  versions: ReadonlyMap<string, string> = new Map(),
): void {
  const failed = (checks ?? []).filter((check) => check.state === "not-listed" || keyRejected(check));
  if (options.format === "json") {
    const checked = checks ? { checks: checks.map(checkJson) } : {};
    process.stdout.write(`${JSON.stringify({ ...listing, ...checked }, null, 2)}\n`);
    return;
  }
  const byName = new Map((checks ?? []).map((check) => [check.entry.name, check]));
  process.stdout.write(
    table(
      listing.models.map((model) => {
        const check = byName.get(model.name);
        const status = check
          ? checkText(check)
          : model.available
            ? "available"
            : `unavailable: ${model.reason ?? ""}`;
        return [
          model.name,
          `${model.provider}/${model.modelId}${versions.has(model.provider) ? ` (${versions.get(model.provider)})` : ""}`,
          model.deprecated ? `DEPRECATED (the vendor retires it; choose another): ${status}` : status,
        ];
      }),
    ),
  );
  if (notice) process.stdout.write(`\n${notice}\n`);
  if (listing.keys && listing.keys.length > 0) process.stdout.write(`\n${keySourceLines(listing)}`);
  process.stdout.write(`\n${priceDataLine(listing)}\n`);
  if (checks) process.stdout.write(`\n${checkSummary(checks, failed)}\n`);
  if (listing.panels.length > 0) {
    process.stdout.write(`\nPanels (the panel argument of agent.second_opinion):\n${panelTable(listing)}`);
  }
}

/** Where each key and endpoint was read, then what follows where an agent likely passed one on. */
function keySourceLines(listing: ModelListing): string {
  const sources = listing.keys ?? [];
  const rows = sources.map((source) => [keySourceSubject(source), keySourceText(source)]);
  const notes = sources.flatMap((source) =>
    source.note ? [`${keySourceSubject(source)}: ${source.note}\n`] : [],
  );
  return `Keys and endpoints (where each was read; never the key itself):\n${table(rows)}${notes.length > 0 ? `\n${notes.join("")}` : ""}`;
}

/** Which price data the costs come from, and its date. */
function priceDataLine(listing: ModelListing): string {
  const data = listing.priceData;
  const source =
    data.source === "refreshed"
      ? `fetched ${data.date} from ${data.refreshHost ?? "the published file"}`
      : `bundled with @pydantic/genai-prices ${data.packageVersion}, ${data.date}`;
  const failure = data.refreshError ? ` (refresh failed: ${data.refreshError})` : "";
  return `Prices: ${source}${failure}.`;
}

/** The status cell of a checked model. */
function checkText(check: ModelCheck): string {
  switch (check.state) {
    case "usable":
      return "usable: listed for this key";
    case "not-listed": {
      const instead = check.alternatives.length > 0 ? `; it can use ${check.alternatives.join(", ")}` : "";
      return `not usable: not listed for this ${check.vendor} key${instead}`;
    }
    case "unchecked":
      return `${check.keyRejected ? "not usable" : "available"}, not checked: ${check.reason}`;
  }
}

function checkSummary(checks: ModelCheck[], failed: ModelCheck[]): string {
  if (checks.length === 0)
    return "No configured provider to check: set a provider key (see docs/operations.md, Environment).";
  const notListed = failed.filter((check) => check.state === "not-listed");
  const rejected = new Set(failed.filter(keyRejected).map((check) => check.vendor));
  const lines: string[] = [];
  for (const check of notListed) {
    lines.push(
      `Model ${check.entry.name} is not usable with its key: set "modelId" of models.${check.entry.name} in the config file to a model the key can use.`,
    );
  }
  for (const vendor of rejected) lines.push(`The ${vendor} key was rejected: see above.`);
  const usable = checks.filter((check) => check.state === "usable").length;
  lines.push(`${usable} of ${checks.length} checked models are usable with their keys.`);
  return lines.join("\n");
}

function keyRejected(check: ModelCheck): boolean {
  return check.state === "unchecked" && check.keyRejected === true;
}

function checkJson(check: ModelCheck) {
  const { entry, vendor: _vendor, ...rest } = check;
  return { name: entry.name, provider: entry.provider, modelId: entry.modelId, ...rest };
}

function panelTable(listing: ModelListing): string {
  return table(
    listing.panels.map((panel) => [
      panel.name,
      [panel.primary, ...panel.models.filter((name) => name !== panel.primary)].join(", "),
      panel.available ? "available" : `unavailable: ${panel.unavailableModels.join(", ")}`,
      `hedge ${panel.hedge ? "on" : "off"}${panel.strategy === "adaptive" ? ", adaptive" : ""}`,
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
