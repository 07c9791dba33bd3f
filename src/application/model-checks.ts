// The operator's checks of the models against the providers: for `ai-universe doctor`, each provider's
// key and endpoint (one cheap request, its model list, with its latency) and which configured models
// the key can use; for `ai-universe models --check`, each available model against its provider's model
// list, with what the key can use instead of one it cannot. Never the key itself.

import type { Configuration } from "../configuration/configuration.ts";
import {
  type CatalogCheck,
  checkAgainst,
  checkCatalog,
  listProviderModels,
  vendorNames,
} from "../providers/model-availability.ts";
import type { ModelEntry, ProviderKind } from "../providers/model-entry.ts";
import type { ModelRoster } from "../providers/model-roster.ts";
import { createProviderFetch } from "../providers/provider-fetch.ts";
import { defaultBaseUrls, type ProbeResult, probeProvider } from "../providers/provider-probe.ts";
import { vendorOf, vendorSpecs } from "../providers/vendors.ts";

export type { ProbeResult } from "../providers/provider-probe.ts";

/** Whether the key of a model's provider can use it, and if not what it can use instead; with the vendor's name. */
export type ModelCheck = CatalogCheck & { vendor: string };

/** Which of a provider's configured models its key can use, as far as could be found out. */
export type ProviderModelCheck =
  /** The provider has no model list to ask (Perplexity): why. */
  | { state: "no-list"; reason: string }
  /** The model list could not be read: why. */
  | { state: "unreadable"; reason: string }
  /** The model ids the key can use, and each configured model it cannot with what it can use instead. */
  | {
      state: "checked";
      usable: string[];
      notListed: { name: string; modelId: string; alternatives: string[] }[];
    };

/** One provider as `doctor` checks it. */
export interface ProviderCheck {
  provider: ProviderKind;
  /** The variables its key is read from, and the one of its base URL. */
  keyVariables: readonly string[];
  baseUrlVariable?: string;
  /** False when it has no key (Ollama: no base URL): nothing was asked. */
  configured: boolean;
  /** What its model list answered. */
  probe?: ProbeResult;
  /** Which of its configured models the key can use; absent when it has none, or it did not answer. */
  models?: ProviderModelCheck;
}

/** The checks, over `configuration`'s providers and the models of `roster`. */
export interface ModelChecks {
  /** Every provider reached over the internet, then Ollama when a base URL is set; all asked at once. */
  checkProviders(): Promise<ProviderCheck[]>;
  /** Each available model (the simulated ones left out) against its provider's model list. */
  checkModels(): Promise<ModelCheck[]>;
}

/** The providers reached over the internet: those with a public endpoint. */
const cloudProviders = Object.keys(defaultBaseUrls) as ProviderKind[];

/** Builds the checks; `fetchFunction` defaults to the configured providers' fetch (with its proxy). */
export function createModelChecks(
  configuration: Pick<Configuration, "providers" | "models" | "environment">,
  roster: ModelRoster,
  fetchFunction: typeof fetch = createProviderFetch(configuration.environment),
): ModelChecks {
  const checkProvider = async (kind: ProviderKind): Promise<ProviderCheck> => {
    const settings = configuration.providers[kind];
    const vendor = vendorOf(kind);
    const { keyVariables, baseUrlVariable } = vendor.environment;
    // A vendor reached at an endpoint (Ollama) is configured by its base URL, the others by a key.
    const configured = vendor.endpoint ? settings.baseURL !== undefined : Boolean(settings.apiKey);
    const check: ProviderCheck = {
      provider: kind,
      keyVariables,
      ...(baseUrlVariable ? { baseUrlVariable } : {}),
      configured,
    };
    if (!configured) return check;
    const [probe, unlisted] = await Promise.all([
      probeProvider(kind, settings, fetchFunction),
      // A vendor with no model list (Perplexity): what the product says instead, without asking.
      vendor.modelList.unavailable ? listProviderModels(kind, settings, fetchFunction) : undefined,
    ]);
    // A keyless server answers whatever it answers; a keyed one must not have refused the key.
    const answered =
      keyVariables.length === 0
        ? probe.verdict !== "error"
        : probe.verdict === "ok" || probe.verdict === "answered";
    const models = answered ? modelsOf(kind, configuration.models, probe, unlisted) : undefined;
    return { ...check, probe, ...(models ? { models } : {}) };
  };
  return {
    async checkProviders() {
      const local = vendorSpecs
        .filter((spec) => spec.endpoint && configuration.providers[spec.id].baseURL)
        .map((spec) => spec.id);
      const kinds = [...cloudProviders, ...local];
      return Promise.all(kinds.map(checkProvider));
    },

    async checkModels() {
      const checks = await checkCatalog(
        roster.available.filter((entry) => !vendorOf(entry.provider).simulated),
        configuration.providers,
        fetchFunction,
        { environment: configuration.environment },
      );
      return checks.map((check) => ({ ...check, vendor: vendorNames[check.entry.provider] }));
    },
  };
}

/**
 * Which configured models of `kind` the key can use, from the model list the probe read (or, for a
 * provider without one, why not); undefined when none is configured for it.
 */
function modelsOf(
  kind: ProviderKind,
  models: readonly ModelEntry[],
  probe: ProbeResult,
  unlisted: { error: string } | { ids: string[] } | undefined,
): ProviderModelCheck | undefined {
  // An Ollama model with its own baseURL is on another server than the one probed.
  const ownServer = (entry: ModelEntry) => vendorOf(kind).endpoint !== undefined && Boolean(entry.baseURL);
  const entries = models.filter((entry) => entry.provider === kind && !ownServer(entry));
  if (entries.length === 0) return undefined;
  if (unlisted && "error" in unlisted) return { state: "no-list", reason: unlisted.error };
  const list = unlisted ?? probe.models;
  if (!list || "error" in list) {
    const reason = list && "error" in list ? list.error : `${probe.url} answered HTTP ${probe.status}`;
    return { state: "unreadable", reason };
  }
  const checks = entries.map((entry) => checkAgainst(entry, list));
  return {
    state: "checked",
    usable: checks.filter((check) => check.state === "usable").map((check) => check.entry.modelId),
    notListed: checks.flatMap((check) =>
      check.state === "not-listed"
        ? [{ name: check.entry.name, modelId: check.entry.modelId, alternatives: check.alternatives }]
        : [],
    ),
  };
}
