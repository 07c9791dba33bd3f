// One cheap request per configured provider, for `ai-universe doctor` and `ai-universe models --check`:
// its model list, sent with the configured key to the configured endpoint, and its further pages if it
// has any. Whether it answered, how fast, whether the key was accepted and which model ids the key can
// use; never the key itself. Each vendor's spec says where its list is, how the key is sent and how a
// page reads.

import { isRecord } from "../contract/json-record.ts";
import type { ProviderKind } from "./model-entry.ts";
import type { ProviderSettings } from "./provider-environment.ts";
import { vendorOf, vendorSpecs } from "./vendors.ts";

/** The public endpoint of each provider that has one, from its vendor's spec. */
export const defaultBaseUrls: Partial<Record<ProviderKind, string>> = Object.fromEntries(
  vendorSpecs.flatMap((spec) => (spec.defaultBaseUrl ? [[spec.id, spec.defaultBaseUrl]] : [])),
);

/** Most pages read from one model list; no vendor has nearly this many models at 1,000 a page. */
const maxPages = 20;

/** What one probe found. */
export interface ProbeResult {
  /**
   * The model list's URL as messages show it: without paging parameters, and without the credentials
   * or query a configured base URL may carry.
   */
  url: string;
  /** "ok": answered and the key was accepted; "rejected": 401 or 403; "error": no answer or a server error. */
  verdict: "ok" | "rejected" | "answered" | "error";
  status?: number;
  latencyMs: number;
  /** Why there was no answer (a network error code such as ECONNREFUSED, or TimeoutError). */
  detail?: string;
  /** What to check when there was no answer, when the vendor's spec says (is its server running?). */
  advice?: string;
  /** The provider's own error message when it answered with an error status, without the key. */
  message?: string;
  /** When the verdict is "ok": every model id the list names, or why they could not be read. */
  models?: { ids: string[] } | { error: string };
}

/** The URL and headers of `kind`'s model list with `settings`, each vendor's way of sending the key. */
export function modelListRequest(
  kind: ProviderKind,
  settings: ProviderSettings,
): { url: string; headers: Record<string, string> } {
  const list = vendorOf(kind).modelList;
  return { url: list.listUrl(settings), headers: list.headers(settings.apiKey ?? "") };
}

/** Sends the model list request of `kind` with `settings`, each request within `timeoutMs`. */
export async function probeProvider(
  kind: ProviderKind,
  settings: ProviderSettings,
  fetchFunction: typeof fetch,
  timeoutMs = 5000,
): Promise<ProbeResult> {
  const { url: listUrl, headers } = modelListRequest(kind, settings);
  const url = shownUrl(listUrl);
  const started = performance.now();
  try {
    const pageUrl = vendorOf(kind).modelList.firstPageUrl(listUrl);
    const response = await fetchFunction(pageUrl, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    const latencyMs = Math.round(performance.now() - started);
    const { status } = response;
    if (response.ok) {
      const models = await readAllPages(kind, text, pageUrl, headers, fetchFunction, timeoutMs);
      return { url, verdict: "ok", status, latencyMs, models: withoutKey(models, settings.apiKey) };
    }
    const message = providerMessage(text, settings.apiKey);
    const verdict = status === 401 || status === 403 ? "rejected" : status >= 500 ? "error" : "answered";
    return { url, verdict, status, latencyMs, ...(message ? { message } : {}) };
  } catch (error) {
    const advice = vendorOf(kind).endpoint?.unanswered;
    return {
      url,
      verdict: "error",
      latencyMs: Math.round(performance.now() - started),
      detail: causeOf(error),
      ...(advice ? { advice } : {}),
    };
  }
}

async function readAllPages(
  kind: ProviderKind,
  firstText: string,
  firstUrl: string,
  headers: Record<string, string>,
  fetchFunction: typeof fetch,
  timeoutMs: number,
): Promise<{ ids: string[] } | { error: string }> {
  const ids: string[] = [];
  let text = firstText;
  let pageUrl = firstUrl;
  for (let page = 1; ; page += 1) {
    const body = parseJson(text);
    const read = isRecord(body) ? vendorOf(kind).modelList.readPage(body, pageUrl) : undefined;
    if (!read) return { error: `${shownUrl(pageUrl)} answered something that is not a model list` };
    ids.push(...read.ids);
    if (!read.nextUrl || page >= maxPages) return { ids: [...new Set(ids)] };
    pageUrl = read.nextUrl;
    try {
      const response = await fetchFunction(pageUrl, { headers, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
      if (!response.ok)
        return { error: `page ${page + 1} of the model list answered HTTP ${response.status}` };
    } catch (error) {
      return { error: `page ${page + 1} of the model list did not answer (${causeOf(error)})` };
    }
  }
}

/** `url` without credentials, query or fragment (scheme, host and path), for a message. */
function shownUrl(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return "(an unreadable URL)";
  }
}

/** The provider's own message in an error body (each vendor nests it differently), without the key. */
function providerMessage(text: string, key: string | undefined): string | undefined {
  const body = parseJson(text) as Record<string, unknown> | undefined;
  const nested = body?.error;
  const candidates = [
    typeof nested === "object" && nested !== null ? (nested as { message?: unknown }).message : nested,
    body?.message,
    body?.detail,
  ];
  const message = candidates.find((candidate): candidate is string => typeof candidate === "string");
  return message ? scrub(message.slice(0, 300), key) : undefined;
}

function withoutKey<T extends { ids: string[] } | { error: string }>(models: T, key: string | undefined): T {
  return "error" in models ? { ...models, error: scrub(models.error, key) } : models;
}

function scrub(text: string, key: string | undefined): string {
  return key && key.length >= 4 ? text.replaceAll(key, "[key]") : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The network error code (ECONNREFUSED, ENOTFOUND), else what the failure says of itself. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).name;
}
