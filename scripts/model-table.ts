// The model table of docs/operations.md ("Models"), made from the built-in catalog and the price data, so
// the two cannot drift: `npm run readme:models` rewrites the table between its markers; a test checks it
// is current.

import { readFileSync, writeFileSync } from "node:fs";
import { loadConfiguration } from "../src/configuration/configuration.ts";
import { modelFacts } from "../src/pricing/price-data.ts";
import { bundledPriceData } from "../src/pricing/price-source.ts";

/** The page that holds the model table, from the repository's root. */
export const tablePage = "docs/operations.md";

/** The markers around the generated table in that page. */
export const tableMarkers = { start: "<!-- model-table:start -->", end: "<!-- model-table:end -->" } as const;

/** The table in Markdown, from the catalog as loaded with no config file. */
export function modelTable(): string {
  const { models } = loadConfiguration({ environment: {} });
  const rows = models.map((entry) => {
    const price = modelFacts(entry).price;
    const prices = price
      ? `${usd(price.inputPerMillion)} / ${usd(price.outputPerMillion)}${price.cachedInputPerMillion !== undefined ? ` (cached in ${usd(price.cachedInputPerMillion)})` : ""}${price.tierAboveInputTokens !== undefined ? `, more above ${price.tierAboveInputTokens.toLocaleString("en-US")} tokens` : ""}`
      : "unknown";
    const fees = price
      ? [
          price.webSearchPerThousand ? `, ${usd(price.webSearchPerThousand)} per 1,000 searches` : "",
          price.requestPerThousand ? `, ${usd(price.requestPerThousand)} per 1,000 requests` : "",
        ].join("")
      : "";
    const abilities = [
      entry.alwaysSearches ? "always searches" : entry.webSearch ? "web search" : "",
      entry.reasons ? "reasoning" : "",
      ...(entry.reads ?? []).map((kind) => (kind === "pdf" ? "PDFs" : "images")),
    ].filter((ability) => ability.length > 0);
    return `| \`${entry.name}\` | ${entry.provider} / ${entry.modelId} | ${prices}${fees} | ${entry.contextWindow.toLocaleString("en-US")} | ${abilities.join(", ") || "text only"} |`;
  });
  return [
    `Prices in USD per million input / output tokens, from the price data bundled with @pydantic/genai-prices ${bundledPriceData.version} (${bundledPriceData.date}).`,
    "",
    "| name | provider / model id | price in / out | context | can |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** `page` with its table replaced by the current one. */
export function withCurrentTable(page: string): string {
  const start = page.indexOf(tableMarkers.start);
  const end = page.indexOf(tableMarkers.end);
  if (start < 0 || end < start)
    throw new Error(`${tablePage} has no ${tableMarkers.start} ... ${tableMarkers.end}`);
  return `${page.slice(0, start + tableMarkers.start.length)}\n${modelTable()}\n${page.slice(end)}`;
}

function usd(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, "/scripts/"))) {
  const path = new URL(`../${tablePage}`, import.meta.url);
  writeFileSync(path, withCurrentTable(readFileSync(path, "utf8")));
  process.stdout.write(`${tablePage}: model table rewritten from the catalog.\n`);
}
