// What a key can actually use: the model ids each provider lists for the configured key, whether each
// catalog entry is among them, and, for one that is not, which models of the same vendor the key can
// use instead.

import type { ModelEntry, ProviderKind } from "./model-entry.ts";
import { providerFailureCode } from "./model-not-found.ts";
import { type ProviderSettings, providerEnvironments } from "./provider-environment.ts";
import { probeProvider } from "./provider-probe.ts";
import { byVendor, vendorOf } from "./vendors.ts";

/** Each provider kind as its vendor is called in messages. */
export const vendorNames: Record<ProviderKind, string> = byVendor((spec) => spec.displayName);

/** How many alternatives a message names. */
const alternativesShown = 5;

/**
 * The ids a provider lists for a key, or why they could not be had (never containing the key);
 * `keyRejected` when the provider refused the key itself (HTTP 401 or 403).
 */
export type ProviderModels = { ids: string[] } | { error: string; keyRejected?: true };

/**
 * Asks `provider`'s model list with `settings` (its base URL and key, each vendor's auth header and
 * paging), each request within `timeoutMs`. Never throws.
 */
export async function listProviderModels(
  provider: ProviderKind,
  settings: ProviderSettings,
  fetchFunction: typeof fetch,
  timeoutMs = 5000,
): Promise<ProviderModels> {
  const { unavailable } = vendorOf(provider).modelList;
  if (unavailable) return { error: unavailable };
  const keyVariables = providerEnvironments[provider].keyVariables;
  if (keyVariables.length > 0 && !settings.apiKey) {
    return { error: `no key: set ${keyVariables.join(" or ")}` };
  }
  const probe = await probeProvider(provider, settings, fetchFunction, timeoutMs);
  const said = probe.message ? `: ${probe.message}` : "";
  switch (probe.verdict) {
    case "ok":
      return probe.models ?? { ids: [] };
    case "rejected":
      return {
        keyRejected: true,
        error: `${vendorNames[provider]} rejected the key (HTTP ${probe.status}${said}): check ${keyVariables.join(" or ") || "the key"}`,
      };
    case "answered":
      return { error: `${probe.url} answered HTTP ${probe.status}${said}` };
    default:
      return {
        error: probe.status
          ? `${probe.url} answered HTTP ${probe.status}${said}`
          : `${probe.url} did not answer (${probe.detail ?? "no answer"})`,
      };
  }
}

/** Whether the key of an entry's provider can use it, and if not, what it can use instead. */
export type CatalogCheck =
  | { entry: ModelEntry; state: "usable" }
  | { entry: ModelEntry; state: "not-listed"; alternatives: string[] }
  | { entry: ModelEntry; state: "unchecked"; reason: string; keyRejected?: true };

/**
 * Checks each of `entries` against the model list of its provider, asking each distinct endpoint and
 * key once, all at once. `providers` holds the configured settings; an Ollama or OpenAI-compatible
 * entry's own `baseURL`, and an entry's `apiKeyEnv` (read from `environment`), take precedence.
 * Never throws.
 */
export async function checkCatalog(
  entries: readonly ModelEntry[],
  providers: Record<ProviderKind, ProviderSettings>,
  fetchFunction: typeof fetch,
  options: { environment?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CatalogCheck[]> {
  const lists = new Map<string, Promise<ProviderModels>>();
  const listOf = (entry: ModelEntry) => {
    const settings = settingsOf(entry, providers, options.environment ?? {});
    const identity = JSON.stringify([entry.provider, settings.baseURL, settings.apiKey]);
    let list = lists.get(identity);
    if (!list) {
      list = listProviderModels(entry.provider, settings, fetchFunction, options.timeoutMs);
      lists.set(identity, list);
    }
    return list;
  };
  return Promise.all(entries.map(async (entry) => checkAgainst(entry, await listOf(entry))));
}

/** Whether `list`, the answer of `entry`'s provider, lists `entry`. */
export function checkAgainst(entry: ModelEntry, list: ProviderModels): CatalogCheck {
  if ("error" in list) {
    return {
      entry,
      state: "unchecked",
      reason: list.error,
      ...(list.keyRejected ? { keyRejected: true } : {}),
    };
  }
  if (isListed(entry, list.ids)) return { entry, state: "usable" };
  return { entry, state: "not-listed", alternatives: suggestAlternatives(entry, list.ids) };
}

/**
 * The sentence for a call to `entry` that failed because its key cannot use the model, naming up to
 * five models of the same vendor from `usableIds` (undefined: the list could not be had). `error`, the
 * failure itself, adds its HTTP status and the vendor's code.
 */
export function describeUnknownModel(
  entry: ModelEntry,
  usableIds: readonly string[] | undefined,
  error?: unknown,
): string {
  const code = error === undefined ? undefined : providerFailureCode(error);
  const vendor = vendorNames[entry.provider];
  const head = `Model "${entry.name}" (${entry.modelId}) is not available to this ${vendor} key${code ? ` (${code})` : ""}.`;
  const ranked = usableIds === undefined ? undefined : rankAlternatives(entry, usableIds);
  const more =
    ranked && ranked.length > alternativesShown ? ` and ${ranked.length - alternativesShown} more` : "";
  const usable =
    ranked === undefined
      ? `Run "ai-universe models --check" to see the models this key can use.`
      : ranked.length === 0
        ? "This key lists no other models."
        : `Models this key can use: ${ranked.slice(0, alternativesShown).join(", ")}${more}.`;
  return `${head} ${usable} Set "modelId" of models.${entry.name} in the config file or pick another model.`;
}

/**
 * Up to five of `usableIds` to name instead of `entry`: first those of its family (the part of its
 * model id before the first "-", such as "claude" or "gemini"), then the others, in listed order.
 */
export function suggestAlternatives(entry: ModelEntry, usableIds: readonly string[]): string[] {
  return rankAlternatives(entry, usableIds).slice(0, alternativesShown);
}

function rankAlternatives(entry: ModelEntry, usableIds: readonly string[]): string[] {
  const family = familyOf(entry.modelId);
  const others = [...new Set(usableIds)].filter((id) => !sameModel(entry, id));
  return [
    ...others.filter((id) => familyOf(id) === family),
    ...others.filter((id) => familyOf(id) !== family),
  ];
}

/** Whether `ids` lists `entry`'s model; Ollama lists "llama3.2:latest" for "llama3.2". */
export function isListed(entry: ModelEntry, ids: readonly string[]): boolean {
  return ids.some((id) => sameModel(entry, id));
}

function sameModel(entry: ModelEntry, id: string): boolean {
  if (id === entry.modelId) return true;
  return vendorOf(entry.provider).modelList.alsoNames?.(entry.modelId, id) ?? false;
}

function familyOf(modelId: string): string {
  return (modelId.split("/").at(-1) ?? modelId).split(/[-.:]/)[0] ?? modelId;
}

function settingsOf(
  entry: ModelEntry,
  providers: Record<ProviderKind, ProviderSettings>,
  environment: Record<string, string | undefined>,
): ProviderSettings {
  const configured = providers[entry.provider] ?? {};
  const apiKey = entry.apiKeyEnv ? environment[entry.apiKeyEnv]?.trim() : configured.apiKey;
  // Only a vendor reached at an endpoint reaches a model's own baseURL (Ollama, OpenAI-compatible).
  const ownUrl = vendorOf(entry.provider).endpoint !== undefined;
  const baseURL = (ownUrl ? entry.baseURL : undefined) ?? configured.baseURL;
  return { ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) };
}
