// The result of the `models` use case: every model of this run with its availability, price,
// capabilities and family; every panel with its models, whether all can be used now, and a rough price;
// where the prices come from; and, for the machine's own user, where each key and endpoint was read.

import { z } from "zod";
import { reasoningLevels } from "./reasoning-levels.ts";

const usdRate = () => z.number().min(0);

/** A model's list price in USD; `source` says whether the price data or the config file set it. */
export const listPrice = z.object({
  inputPerMillion: usdRate(),
  outputPerMillion: usdRate(),
  cachedInputPerMillion: usdRate().optional(),
  /** USD per 1,000 web searches, when the vendor charges for them. */
  webSearchPerThousand: usdRate().optional(),
  /** USD per 1,000 requests, when the vendor charges per request (Perplexity). */
  requestPerThousand: usdRate().optional(),
  /** Above this many input tokens every price is higher (long-context tier). */
  tierAboveInputTokens: z.number().int().min(0).optional(),
  source: z.enum(["price-data", "config"]),
});

/** One model as listed. `pricing` is null when neither the price data nor the config prices it. */
export const modelDescription = z.object({
  name: z.string().min(1),
  provider: z.string().min(1),
  modelId: z.string().min(1),
  displayName: z.string(),
  available: z.boolean(),
  /** Why an unavailable model cannot be used, and what to do about it. */
  reason: z.string().optional(),
  pricing: listPrice.nullable(),
  /** The price data marks the model deprecated: the vendor retires it soon. */
  deprecated: z.boolean(),
  webSearch: z.boolean(),
  /** Searches on every call, asked or not. */
  alwaysSearches: z.boolean(),
  /** Has a reasoning control (`reasoning`). */
  reasons: z.boolean(),
  /** The reasoning it uses by default, when the config sets one. */
  reasoning: z.enum(reasoningLevels).optional(),
  /** Files besides text it reads: "image", "pdf". */
  reads: z.array(z.string()),
  contextWindow: z.number().int().positive(),
  /** The vendor's model family (docs/council.md, "Model families"): models of one family share blind spots. */
  family: z.object({ id: z.string().min(1), name: z.string().min(1) }),
});
export type ModelDescription = z.infer<typeof modelDescription>;

/** One panel as listed: its settings, whether it hedges, and whether it can be used now. */
export const panelDescription = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  models: z.array(z.string().min(1)),
  primary: z.string().min(1),
  /** Writes the synthesis; absent: the primary. */
  synthesisModel: z.string().min(1).optional(),
  /** Secondary opinions to ask; absent: every model of the panel. */
  maxOpinions: z.number().int().min(0).optional(),
  hedge: z.boolean(),
  /** "adaptive" when the panel asks two cheap models first (absent: all at once). */
  strategy: z.enum(["adaptive"]).optional(),
  /** Whether every model of the panel (its primary and synthesis model included) can be used now. */
  available: z.boolean(),
  unavailableModels: z.array(z.string().min(1)),
  /** The rough cost of one consultation in USD; absent when a model of the panel has no price. */
  estimatedCostUsd: z.number().min(0).optional(),
});
export type PanelDescription = z.infer<typeof panelDescription>;

/** Where the prices come from: the data bundled with the package, or refreshed, and its date. */
export const priceDataInfo = z.object({
  source: z.enum(["bundled", "refreshed"]),
  /** The day the data in use was published (bundled) or fetched (refreshed), YYYY-MM-DD. */
  date: z.string(),
  /** The package version whose bundled data is the fallback. */
  packageVersion: z.string(),
  /** The host refreshed data comes from, when refresh is on; shown to the machine's own user alone. */
  refreshHost: z.string().optional(),
  /** Why the last refresh failed, when it did (the data in use stays); shown to the machine's own user alone. */
  refreshError: z.string().optional(),
});
export type PriceDataInfo = z.infer<typeof priceDataInfo>;

/** A listing of `model`s with the panels and the price data: the `models` tool's, and the web page's. */
export function listingOf<Model extends z.ZodType>(model: Model) {
  return z.object({ models: z.array(model), panels: z.array(panelDescription), priceData: priceDataInfo });
}

/** An agent CLI that started this process and passes variables of its own environment on to what it starts. */
export const passingAgent = z.object({
  /** The agent's name ("Claude Code"). */
  agent: z.string().min(1),
  /** The variable it sets in what it starts, by which it was recognised ("CLAUDECODE=1"). */
  marker: z.string().min(1),
});
export type PassingAgent = z.infer<typeof passingAgent>;

/** Where a key or an endpoint was read: an environment variable, a config file entry, or both. */
export const settingOrigin = z.object({
  /** The environment variable it was read from. */
  variable: z.string().min(1).optional(),
  /** The config file entry that set it, or named its variable (`models.local.apiKeyEnv`). */
  configEntry: z.string().min(1).optional(),
  /** The config file holding `configEntry`. */
  configPath: z.string().min(1).optional(),
  /**
   * The agent that started this process when it passes `variable` on from its own environment: then the
   * value is likely the agent's own, unless the server's `env` in the agent's MCP settings set it.
   */
  passedOnBy: passingAgent.optional(),
});
export type SettingOrigin = z.infer<typeof settingOrigin>;

/**
 * Where a provider's key and endpoint were read, or those of a model that names its own (config file
 * `apiKeyEnv`, `baseURL`). Never the key itself, nor a URL's credentials, path or query: the host alone.
 */
export const keySource = z.object({
  provider: z.string().min(1),
  /** The model, for one with its own key variable or endpoint; absent: the provider's own settings. */
  model: z.string().min(1).optional(),
  /** Where its key was read; absent: no key is set. */
  key: settingOrigin.optional(),
  /** The host of an endpoint set instead of the vendor's own, and where it was set. */
  endpoint: settingOrigin.extend({ host: z.string().min(1) }).optional(),
  /** When an agent likely passed a setting on: what follows from it, and how to choose another. */
  note: z.string().optional(),
});
export type KeySource = z.infer<typeof keySource>;

/** The result of `models`; `keys` is shown to the machine's own user alone. */
export const modelListing = listingOf(modelDescription).extend({ keys: z.array(keySource).optional() });
export type ModelListing = z.infer<typeof modelListing>;
