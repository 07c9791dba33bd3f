// The simulator's model listings: which model ids each provider lists, answered in each vendor's own
// shape and paging (OpenAI-style lists, OpenRouter's richer list, Anthropic's cursor pages, Google's
// page tokens), and the vendor's own "no such model" error for a model left out of an explicit list.

import type { ServerResponse } from "node:http";
import { builtInCatalog } from "../../src/configuration/catalog.ts";
import { writeJson } from "./write-response.ts";

/** Ids each provider lists besides its catalog models, so a key can use more than the catalog names. */
const extraIds: Record<string, readonly string[]> = {
  openai: ["gpt-sim-mini", "text-embedding-sim"],
  anthropic: ["claude-sim-sonnet", "claude-sim-haiku"],
  google: ["gemini-sim-flash", "gemini-sim-embedding"],
  xai: ["grok-sim-mini"],
  cerebras: ["llama-sim-8b"],
  openrouter: ["sim/router-small"],
  ollama: ["qwen-sim:7b"],
  perplexity: ["sonar-sim"],
};

/** Google ids that only embed, listed without generateContent as the real list does. */
const embeddingOnly = /embedding/;

/** Which model ids each simulated provider lists. */
export interface ModelListings {
  /** Replaces the list of `provider` (a path prefix such as "anthropic"); generation then checks it. */
  set(provider: string, ids: readonly string[]): void;
  /** The ids `provider` lists now. */
  idsOf(provider: string): string[];
  /** The ids set with {@link set}, or undefined while `provider` lists its defaults. */
  explicitIdsOf(provider: string): readonly string[] | undefined;
  /** Back to the default lists. */
  reset(): void;
}

/** Lists start as every catalog model of the provider plus a few extra ids. */
export function createModelListings(): ModelListings {
  const explicit = new Map<string, readonly string[]>();
  return {
    set: (provider, ids) => explicit.set(provider, [...ids]),
    idsOf: (provider) => [...(explicit.get(provider) ?? defaultIds(provider))],
    explicitIdsOf: (provider) => explicit.get(provider),
    reset: () => explicit.clear(),
  };
}

function defaultIds(provider: string): string[] {
  const catalog = builtInCatalog.filter((entry) => entry.provider === provider).map((entry) => entry.modelId);
  const ids = [...new Set([...catalog, ...(extraIds[provider] ?? [])])];
  // Ollama lists every model with its tag; a request for "llama3.2" means "llama3.2:latest".
  return provider === "ollama" ? ids.map((id) => (id.includes(":") ? id : `${id}:latest`)) : ids;
}

/** Answers `GET <provider>/.../models` in the vendor's shape; Perplexity has no such endpoint. */
export function writeModelListing(
  response: ServerResponse,
  provider: string,
  url: URL,
  listings: ModelListings,
): void {
  const ids = listings.idsOf(provider);
  const created = (index: number) => 1_750_000_000 + index * 86_400;
  switch (provider) {
    case "anthropic":
      writeAnthropicPage(response, ids, url);
      return;
    case "google":
      writeGooglePage(response, ids, url);
      return;
    case "openrouter":
      writeJson(response, 200, {
        data: ids.map((id, index) => ({
          id,
          canonical_slug: id,
          name: `Simulated ${id}`,
          created: created(index),
          description: `The simulator's ${id}.`,
          context_length: 131_072,
          architecture: { modality: "text->text", input_modalities: ["text"], output_modalities: ["text"] },
          pricing: { prompt: "0.0000003", completion: "0.0000012", request: "0", image: "0" },
          top_provider: { context_length: 131_072, max_completion_tokens: 16_384, is_moderated: false },
          per_request_limits: null,
          supported_parameters: ["max_tokens", "temperature", "response_format", "structured_outputs"],
        })),
      });
      return;
    case "perplexity":
      writeJson(response, 404, {
        error: { message: `No route for GET ${url.pathname}.`, type: "not_found", code: 404 },
      });
      return;
    default:
      writeJson(response, 200, {
        object: "list",
        data: ids.map((id, index) => ({
          id,
          object: "model",
          created: created(index),
          owned_by: provider === "ollama" ? "library" : provider === "openai" ? "system" : provider,
        })),
      });
  }
}

/** Anthropic pages with `limit` (default 20, at most 1000) and the cursor `after_id`. */
function writeAnthropicPage(response: ServerResponse, ids: string[], url: URL): void {
  const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 20) || 20, 1), 1000);
  const after = url.searchParams.get("after_id");
  const start = after === null ? 0 : ids.indexOf(after) + 1;
  if (after !== null && start === 0) {
    writeJson(response, 400, {
      type: "error",
      error: { type: "invalid_request_error", message: `after_id: no model with id ${after}` },
    });
    return;
  }
  const page = ids.slice(start, start + limit);
  writeJson(response, 200, {
    data: page.map((id, index) => ({
      type: "model",
      id,
      display_name: `Simulated ${id}`,
      created_at: new Date(Date.UTC(2025, 0, 1 + start + index)).toISOString(),
    })),
    has_more: start + limit < ids.length,
    first_id: page[0] ?? null,
    last_id: page.at(-1) ?? null,
  });
}

/** Google pages with `pageSize` (default 50, at most 1000) and the opaque `pageToken`. */
function writeGooglePage(response: ServerResponse, ids: string[], url: URL): void {
  const size = Math.min(Math.max(Number(url.searchParams.get("pageSize") ?? 50) || 50, 1), 1000);
  const token = url.searchParams.get("pageToken");
  const start = token
    ? Number(
        Buffer.from(token, "base64url")
          .toString("utf8")
          .replace(/^offset:/, ""),
      )
    : 0;
  if (!Number.isInteger(start) || start < 0 || start > ids.length) {
    writeJson(response, 400, {
      error: { code: 400, message: "Invalid page token.", status: "INVALID_ARGUMENT" },
    });
    return;
  }
  const end = start + size;
  writeJson(response, 200, {
    models: ids.slice(start, end).map((id) => ({
      name: `models/${id}`,
      version: "001",
      displayName: `Simulated ${id}`,
      description: `The simulator's ${id}.`,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: embeddingOnly.test(id)
        ? ["embedContent", "countTextTokens"]
        : ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"],
      temperature: 1,
      topP: 0.95,
      topK: 64,
    })),
    ...(end < ids.length ? { nextPageToken: Buffer.from(`offset:${end}`).toString("base64url") } : {}),
  });
}

/**
 * The vendor's own answer to a generation request for `model` when `provider`'s list was set
 * explicitly and leaves it out (each as the real API words it); undefined when the model may be used.
 */
export function unknownModelAnswer(
  provider: string,
  model: string,
  listings: ModelListings,
): { status: number; body: unknown } | undefined {
  const listed = listings.explicitIdsOf(provider);
  if (!listed || listed.includes(model) || (provider === "ollama" && listed.includes(`${model}:latest`)))
    return undefined;
  switch (provider) {
    case "anthropic":
      return {
        status: 404,
        body: { type: "error", error: { type: "not_found_error", message: `model: ${model}` } },
      };
    case "google":
      return {
        status: 404,
        body: {
          error: {
            code: 404,
            message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
            status: "NOT_FOUND",
          },
        },
      };
    case "xai":
      return {
        status: 404,
        body: {
          code: "Some requested entity was not found",
          error: `The model ${model} does not exist or your team 00000000-0000-4000-8000-000000000000 does not have access to it. Please ensure you're using the correct API key. If you believe this is a mistake, please contact support and quote your team ID and the model name.`,
        },
      };
    case "cerebras":
      return {
        status: 404,
        body: {
          message: `Model ${model} does not exist or you do not have access to it.`,
          type: "not_found_error",
          param: "model",
          code: "model_not_found",
        },
      };
    case "openrouter":
      return {
        status: 400,
        body: {
          error: { message: `${model} is not a valid model ID`, code: 400 },
          user_id: "user_simulated",
        },
      };
    case "perplexity":
      return {
        status: 400,
        body: {
          error: {
            message: `Invalid model '${model}'. Permitted models can be found in the documentation at https://docs.perplexity.ai/getting-started/models.`,
            type: "invalid_model",
            code: 400,
          },
        },
      };
    case "ollama":
      return {
        status: 404,
        body: {
          error: {
            message: `model "${model}" not found, try pulling it first`,
            type: "api_error",
            param: null,
            code: null,
          },
        },
      };
    default:
      return {
        status: 404,
        body: {
          error: {
            message: `The model \`${model}\` does not exist or you do not have access to it.`,
            type: "invalid_request_error",
            param: null,
            code: "model_not_found",
          },
        },
      };
  }
}

/** Answers `POST /__simulator/listed-models` with `{provider, ids}`; false for any other control route. */
export function handleListingControl(
  method: string,
  url: URL,
  text: string,
  listings: ModelListings,
  response: ServerResponse,
): boolean {
  if (method !== "POST" || url.pathname !== "/__simulator/listed-models") return false;
  let body: { provider?: unknown; ids?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {}
  const { provider, ids } = body;
  if (typeof provider === "string" && Array.isArray(ids) && ids.every((id) => typeof id === "string")) {
    listings.set(provider, ids);
    writeJson(response, 200, { ok: true });
  } else writeJson(response, 400, { error: { message: "Expected {provider, ids: [model ids]}." } });
  return true;
}
