// The shapes of model lists the vendors share, for their specs to build on: OpenAI, xAI, Cerebras,
// Ollama and OpenRouter answer the whole list at once (`data[].id`) with the key as a bearer token;
// Anthropic and Google page theirs (their specs add the paging to these parts).

import { isRecord } from "../contract/json-record.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import type { ModelListSpec, ModelPage } from "./vendor-spec.ts";

export type { ModelPage } from "./vendor-spec.ts";

/** `${base}/models`, without a trailing slash on `base`. */
export function modelsUrl(base: string): string {
  return `${base.replace(/\/+$/, "")}/models`;
}

/** The key as a bearer token; no header without a key. */
export function bearerHeaders(key: string): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** The ids of an OpenAI-style list (`data[].id`), or undefined when `body` has no `data` array. */
export function readDataPage(body: Record<string, unknown>): ModelPage | undefined {
  if (!Array.isArray(body.data)) return undefined;
  const ids = body.data
    .filter(isRecord)
    .map((model) => model.id)
    .filter((id): id is string => typeof id === "string" && id.length > 0);
  return { ids };
}

/**
 * The model list of a vendor that answers it OpenAI's way at `${base}/models`: the configured base URL,
 * else `defaultBaseUrl` (none: the list is at "/models" of nothing, and the probe says it did not answer).
 */
export function openAiStyleModelList(
  defaultBaseUrl?: string,
  base: (settings: ProviderSettings) => string = (settings) => settings.baseURL ?? defaultBaseUrl ?? "",
): ModelListSpec {
  return {
    listUrl: (settings) => modelsUrl(base(settings)),
    headers: bearerHeaders,
    firstPageUrl: (listUrl) => listUrl,
    readPage: readDataPage,
  };
}

/** `url` with the query parameter `name` set to `value`. */
export function withParameter(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.href;
}
