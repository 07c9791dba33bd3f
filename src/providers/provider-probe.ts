// One cheap request per configured provider, for `ai-universe doctor`: its model listing, sent with
// the configured key to the configured endpoint. Whether it answered, how fast, and whether the key
// was accepted; never the key itself.

import type { ProviderKind } from "../configuration/model-entry.ts";
import type { ProviderSettings } from "../configuration/provider-environment.ts";
import { defaultOllamaUrl, ollamaApiUrl } from "./create-language-model.ts";

/** The public endpoint of each provider, when no base URL is configured. */
export const defaultBaseUrls: Partial<Record<ProviderKind, string>> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
  xai: "https://api.x.ai/v1",
  cerebras: "https://api.cerebras.ai/v1",
  perplexity: "https://api.perplexity.ai",
  openrouter: "https://openrouter.ai/api/v1",
};

/** What one probe found. */
export interface ProbeResult {
  url: string;
  /** "ok": answered and the key was accepted; "rejected": 401 or 403; "error": no answer or a server error. */
  verdict: "ok" | "rejected" | "answered" | "error";
  status?: number;
  latencyMs: number;
  detail?: string;
}

/** Sends the listing request of `kind` with `settings`, within `timeoutMs`. */
export async function probeProvider(
  kind: ProviderKind,
  settings: ProviderSettings,
  fetchFunction: typeof fetch,
  timeoutMs = 5000,
): Promise<ProbeResult> {
  const base =
    kind === "ollama"
      ? ollamaApiUrl(settings.baseURL ?? defaultOllamaUrl)
      : (settings.baseURL ?? defaultBaseUrls[kind] ?? "").replace(/\/+$/, "");
  const url = `${base}/models`;
  const key = settings.apiKey ?? "";
  const headers: Record<string, string> =
    kind === "anthropic"
      ? { "x-api-key": key, "anthropic-version": "2023-06-01" }
      : kind === "google"
        ? { "x-goog-api-key": key }
        : key
          ? { authorization: `Bearer ${key}` }
          : {};
  const started = performance.now();
  try {
    const response = await fetchFunction(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    const latencyMs = Math.round(performance.now() - started);
    const { status } = response;
    if (response.ok) return { url, verdict: "ok", status, latencyMs };
    if (status === 401 || status === 403) return { url, verdict: "rejected", status, latencyMs };
    return { url, verdict: status >= 500 ? "error" : "answered", status, latencyMs };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return { url, verdict: "error", latencyMs: Math.round(performance.now() - started), detail: cause };
  }
}
