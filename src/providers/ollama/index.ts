// Ollama: local models through @ai-sdk/openai-compatible at the Ollama server's OpenAI-compatible API
// (OLLAMA_BASE_URL, a model's own baseURL, else found at its default address when nothing else is
// configured), with no key, no search tool and no price (a local model costs nothing); it serves
// several families and reads text only.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { defaultOllamaUrl, ollamaApiUrl } from "../ollama-url.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/openai-compatible": typeof import("@ai-sdk/openai-compatible");
  }
}

/** Ollama's spec. */
export const ollama = {
  id: "ollama",
  displayName: "Ollama",
  environment: { keyVariables: [], baseUrlVariable: "OLLAMA_BASE_URL" },
  package: "@ai-sdk/openai-compatible",
  createModel: (entry, { settings, fetch, load }) =>
    load("@ai-sdk/openai-compatible")
      .createOpenAICompatible({
        name: "ollama",
        fetch,
        includeUsage: true,
        // Ollama 0.5+ constrains its output to a JSON schema (reviews and the synthesis's assessment).
        supportsStructuredOutputs: true,
        baseURL: ollamaApiUrl(entry.baseURL ?? settings.baseURL ?? defaultOllamaUrl),
      })
      .chatModel(entry.modelId),
  callSettings: (request) => standardCallSettings(request),
  modelList: {
    ...openAiStyleModelList(undefined, (settings) => ollamaApiUrl(settings.baseURL ?? defaultOllamaUrl)),
    // Ollama lists "llama3.2:latest" for "llama3.2".
    alsoNames: (modelId, listedId) => !modelId.includes(":") && listedId === `${modelId}:latest`,
  },
  endpoint: {
    apiUrl: (entry, settings) =>
      entry.baseURL || settings.baseURL ? ollamaApiUrl(entry.baseURL ?? settings.baseURL ?? "") : undefined,
    unset: () =>
      `not used while a provider key is set: set OLLAMA_BASE_URL to add it (with no key set, an Ollama answering at ${defaultOllamaUrl} is used automatically)`,
    unanswered: "is Ollama running?",
  },
  reads: [],
} satisfies VendorSpec<"ollama">;
