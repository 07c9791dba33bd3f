// How the model picker names a model and its price: "(deprecated)" on a model its vendor retires soon,
// what files it reads and whether it searches, and where the prices come from and how old they are.

import type { PageModel, PriceDataInfo } from "./api.ts";

/** The model's name in the picker, marked when its vendor is retiring it. */
export function modelLabel(model: Pick<PageModel, "displayName" | "deprecated">): string {
  return model.deprecated ? `${model.displayName} (deprecated)` : model.displayName;
}

/** The model's price and abilities: "$1.25/$10 per M tokens · reads images, PDFs · web search". */
export function modelDetails(model: PageModel): string {
  const parts = [
    model.inputPricePerMillion === null || model.outputPricePerMillion === null
      ? "price unknown"
      : `$${model.inputPricePerMillion}/$${model.outputPricePerMillion} per M tokens`,
  ];
  const reads = (model.reads ?? []).map((kind) => (kind === "pdf" ? "PDFs" : `${kind}s`));
  if (reads.length > 0) parts.push(`reads ${reads.join(", ")}`);
  if (model.webSearch) parts.push("web search");
  return parts.join(" · ");
}

/** Where the prices come from: "Prices as of 2025-06-01 (bundled with genai-prices 0.1.8)". */
export function priceDataLabel(priceData: PriceDataInfo): string {
  const source =
    priceData.source === "refreshed" ? "refreshed" : `bundled with genai-prices ${priceData.packageVersion}`;
  return `Prices as of ${priceData.date} (${source})`;
}
