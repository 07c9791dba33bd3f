// Turns a model entry into an AI SDK language model. Each call builds its own provider instance
// from immutable settings, so concurrent consultations never share mutable client state. The
// provider package is loaded at the model's first call, not at start (see provider-packages.ts).

import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ModelEntry, ProviderKind } from "../configuration/model-entry.ts";
import type { ProviderSettings } from "../configuration/provider-environment.ts";
import { defaultOllamaUrl, ollamaApiUrl } from "./ollama-url.ts";
import { createProviderFetch } from "./provider-fetch.ts";
import { loadProviderPackage, type ProviderPackageLoader } from "./provider-packages.ts";
import { createSimulatedLanguageModel } from "./simulated-language-model.ts";

/** Builds language models for model entries; injected so tests can substitute fakes. */
export type LanguageModelFactory = (entry: ModelEntry) => LanguageModelV4;

/**
 * Creates the factory that reaches real providers with the given settings. `load` loads provider
 * packages (tests inject one that fails); a package that cannot be loaded fails that model's calls,
 * as an error of that model, never the factory or the server.
 */
export function createLanguageModelFactory(
  providers: Record<ProviderKind, ProviderSettings>,
  environment: Record<string, string | undefined>,
  load: ProviderPackageLoader = loadProviderPackage,
): LanguageModelFactory {
  // Models are immutable configuration holders, safe to share between concurrent calls; caching
  // them per entry saves rebuilding a provider on every call.
  const cache = new Map<ModelEntry, LanguageModelV4>();
  const fetch = createProviderFetch(environment);
  return (entry) => {
    const cached = cache.get(entry);
    if (cached) return cached;
    const model =
      entry.provider === "simulated"
        ? createSimulatedLanguageModel(entry.modelId, entry.name.replace(/^simulated-/, ""))
        : lazyModel(entry, () => createModel(entry, providers, environment, fetch, load));
    cache.set(entry, model);
    return model;
  };
}

/**
 * A model that builds the real one (loading its provider package) when the AI SDK first reads
 * more than its id: its provider name, supported URLs, or a call. A failure to build it surfaces
 * inside the call, where the consultation turns it into that model's error opinion.
 */
function lazyModel(entry: ModelEntry, build: () => LanguageModelV4): LanguageModelV4 {
  let built: LanguageModelV4 | undefined;
  const real = () => {
    built ??= build();
    return built;
  };
  return {
    specificationVersion: "v4",
    modelId: entry.modelId,
    get provider() {
      // Read where a throw would escape the call (streamText reads it synchronously): a model that
      // cannot be built keeps a name here and fails in doGenerate or doStream instead.
      try {
        return real().provider;
      } catch {
        return entry.provider;
      }
    },
    get supportedUrls() {
      return Promise.resolve().then(() => real().supportedUrls);
    },
    doGenerate: async (options) => real().doGenerate(options),
    doStream: async (options) => real().doStream(options),
  };
}

function createModel(
  entry: ModelEntry,
  providers: Record<ProviderKind, ProviderSettings>,
  environment: Record<string, string | undefined>,
  fetch: typeof globalThis.fetch,
  load: ProviderPackageLoader,
): LanguageModelV4 {
  const settings = providers[entry.provider];
  const options = {
    fetch,
    apiKey: settings.apiKey ?? "",
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
  };
  switch (entry.provider) {
    case "openai":
      return load("@ai-sdk/openai").createOpenAI(options)(entry.modelId);
    case "anthropic":
      return load("@ai-sdk/anthropic").createAnthropic(options)(entry.modelId);
    case "google":
      return load("@ai-sdk/google").createGoogleGenerativeAI(options)(entry.modelId);
    case "xai":
      return load("@ai-sdk/xai").createXai(options)(entry.modelId);
    case "cerebras":
      return load("@ai-sdk/cerebras").createCerebras(options)(entry.modelId);
    case "perplexity":
      return load("@ai-sdk/perplexity").createPerplexity(options)(entry.modelId);
    case "openrouter":
      return load("@openrouter/ai-sdk-provider").createOpenRouter(options)(
        entry.modelId,
      ) as unknown as LanguageModelV4;
    case "ollama":
      return load("@ai-sdk/openai-compatible")
        .createOpenAICompatible({
          name: "ollama",
          fetch,
          includeUsage: true,
          // Ollama 0.5+ constrains its output to a JSON schema (reviews and the synthesis's assessment).
          supportsStructuredOutputs: true,
          baseURL: ollamaApiUrl(entry.baseURL ?? settings.baseURL ?? defaultOllamaUrl),
        })
        .chatModel(entry.modelId);
    case "openai-compatible": {
      if (!entry.baseURL) throw new Error(`Model ${entry.name} has no baseURL.`);
      const apiKey = entry.apiKeyEnv ? environment[entry.apiKeyEnv] : undefined;
      return load("@ai-sdk/openai-compatible")
        .createOpenAICompatible({
          name: entry.name,
          fetch,
          baseURL: entry.baseURL,
          supportsStructuredOutputs: true,
          ...(apiKey ? { apiKey } : {}),
        })
        .chatModel(entry.modelId);
    }
    case "simulated":
      return createSimulatedLanguageModel(entry.modelId, entry.name.replace(/^simulated-/, ""));
  }
}
