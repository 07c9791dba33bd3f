// Reads one page of a provider's model list in that vendor's shape, and finds the next page: OpenAI,
// xAI, Cerebras, Ollama and OpenRouter answer the whole list at once (`data[].id`); Anthropic pages with
// `has_more` and `after_id`; Google with `nextPageToken` and names its models `models/<id>`.

import type { ProviderKind } from "../configuration/model-entry.ts";

/** The ids on one page of a model list, and where the next page is (absent on the last page). */
export interface ModelPage {
  ids: string[];
  nextUrl?: string;
}

/** `listUrl` asking for as many models a page as the vendor allows, so most lists take one request. */
export function firstPageUrl(kind: ProviderKind, listUrl: string): string {
  if (kind === "anthropic") return withParameter(listUrl, "limit", "1000");
  if (kind === "google") return withParameter(listUrl, "pageSize", "1000");
  return listUrl;
}

/**
 * The model ids in `body`, the answer to `pageUrl`. Google models that cannot generate text (embedding
 * models) are left out. Undefined when `body` is not a model list of that vendor.
 */
export function readModelPage(kind: ProviderKind, body: unknown, pageUrl: string): ModelPage | undefined {
  if (!isRecord(body)) return undefined;
  if (kind === "google") {
    if (!Array.isArray(body.models))
      return body.models === undefined && isEmptyPage(body) ? { ids: [] } : undefined;
    const ids = body.models
      .filter(isRecord)
      .filter((model) => {
        const methods = model.supportedGenerationMethods;
        return !Array.isArray(methods) || methods.includes("generateContent");
      })
      .map((model) => (typeof model.name === "string" ? model.name.replace(/^models\//, "") : ""))
      .filter((id) => id.length > 0);
    const token =
      typeof body.nextPageToken === "string" && body.nextPageToken ? body.nextPageToken : undefined;
    return { ids, ...(token ? { nextUrl: withParameter(pageUrl, "pageToken", token) } : {}) };
  }
  if (!Array.isArray(body.data)) return undefined;
  const ids = body.data
    .filter(isRecord)
    .map((model) => model.id)
    .filter((id): id is string => typeof id === "string" && id.length > 0);
  if (kind === "anthropic" && body.has_more === true && typeof body.last_id === "string") {
    return { ids, nextUrl: withParameter(pageUrl, "after_id", body.last_id) };
  }
  return { ids };
}

/** Google answers `{}` when a key can list no models at all. */
function isEmptyPage(body: Record<string, unknown>): boolean {
  return Object.keys(body).length === 0;
}

function withParameter(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.href;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
