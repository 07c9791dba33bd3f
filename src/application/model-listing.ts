// What the `models` use case reports: every model of this run with its availability, price,
// capabilities and family, every panel with its models, whether all of them can be used now and a rough
// price, the price data in use, and for the machine's own user alone (price-data-view.ts) where each key
// and endpoint was read, where prices are refreshed from and why a refresh failed.

import { type Panel, panelMembers } from "../configuration/panels.ts";
import { familyOf } from "../consultation/index.ts";
import type { KeySource, ModelListing } from "../contract/models.ts";
import { costOf, modelFacts } from "../pricing/price-data.ts";
import type { ModelEntry } from "../providers/model-entry.ts";
import type { ModelRoster } from "../providers/model-roster.ts";
import type { Caller } from "./caller.ts";
import { priceDataFor, seesOperatorDetails } from "./price-data-view.ts";

/**
 * The question and answer sizes a panel's `estimatedCostUsd` assumes: every model asked gets a
 * question of 1,000 tokens and answers with 800; the synthesis reads the question and every answer and
 * writes 800 more.
 */
export const panelCostEstimate = { questionTokens: 1000, answerTokens: 800 } as const;

/**
 * Lists the models of `roster` and the `panels` over them as `caller` may see them: `keys`
 * (configuration/key-sources.ts, where each key and endpoint was read) is asked, and the refresh's host
 * and error are shown, only when the caller is the machine's own user.
 */
export function describeModels(
  caller: Caller,
  roster: ModelRoster,
  panels: readonly Panel[],
  keys: () => readonly KeySource[],
): ModelListing {
  const statuses = new Map(roster.statuses.map((status) => [status.entry.name, status]));
  return {
    models: roster.statuses.map(({ entry, available, reason }) => {
      const facts = modelFacts(entry);
      const family = familyOf(entry);
      return {
        name: entry.name,
        provider: entry.provider,
        modelId: entry.modelId,
        displayName: entry.displayName,
        available,
        ...(!available && reason ? { reason } : {}),
        pricing: facts.price ?? null,
        deprecated: facts.deprecated,
        webSearch: entry.webSearch,
        alwaysSearches: entry.alwaysSearches === true,
        reasons: entry.reasons === true,
        ...(entry.reasoning ? { reasoning: entry.reasoning } : {}),
        reads: entry.reads ?? [],
        contextWindow: entry.contextWindow,
        family: { id: family.id, name: family.name },
      };
    }),
    panels: panels.map((panel) => {
      const unavailableModels = panelMembers(panel).filter((name) => !statuses.get(name)?.available);
      const estimate = estimatePanelCost(panel, (name) => statuses.get(name)?.entry);
      return {
        name: panel.name,
        ...(panel.description ? { description: panel.description } : {}),
        models: panel.models,
        primary: panel.primary,
        ...(panel.synthesisModel ? { synthesisModel: panel.synthesisModel } : {}),
        ...(panel.maxOpinions !== undefined ? { maxOpinions: panel.maxOpinions } : {}),
        hedge: panel.hedge !== undefined,
        ...(panel.strategy === "adaptive" ? { strategy: "adaptive" as const } : {}),
        available: unavailableModels.length === 0,
        unavailableModels,
        ...(estimate !== undefined ? { estimatedCostUsd: estimate } : {}),
      };
    }),
    priceData: priceDataFor(caller),
    ...(seesOperatorDetails(caller) ? { keys: [...keys()] } : {}),
  };
}

/** The rough cost in USD of one consultation of `panel` (see {@link panelCostEstimate}). */
function estimatePanelCost(
  panel: Panel,
  entryOf: (name: string) => ModelEntry | undefined,
): number | undefined {
  const { questionTokens, answerTokens } = panelCostEstimate;
  const secondaries = [...new Set(panel.models)]
    .filter((name) => name !== panel.primary)
    .slice(0, panel.maxOpinions);
  const calls = [panel.primary, ...secondaries].map((name): { name: string; input: number } => ({
    name,
    input: questionTokens,
  }));
  if (secondaries.length > 0) {
    calls.push({
      name: panel.synthesisModel ?? panel.primary,
      input: questionTokens + answerTokens * calls.length,
    });
  }
  let total = 0;
  for (const call of calls) {
    const entry = entryOf(call.name);
    const cost = entry ? costOf(entry, { inputTokens: call.input, outputTokens: answerTokens }) : undefined;
    if (cost === undefined) return undefined;
    total += cost;
  }
  return Math.round(total * 1e6) / 1e6;
}
