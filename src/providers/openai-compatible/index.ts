// Any OpenAI-compatible endpoint (vLLM, LM Studio, a gateway): each model names its own baseURL and,
// when it needs one, the variable of its key (`apiKeyEnv`); reached through @ai-sdk/openai-compatible,
// with no search tool and no price data; it serves several families and reads text only.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/openai-compatible": typeof import("@ai-sdk/openai-compatible");
  }
}

/** The spec of an OpenAI-compatible endpoint. */
export const openaiCompatible = {
  id: "openai-compatible",
  displayName: "OpenAI-compatible endpoint",
  environment: { keyVariables: [] },
  package: "@ai-sdk/openai-compatible",
  createModel(entry, { environment, fetch, load }) {
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
  },
  callSettings: (request) => standardCallSettings(request),
  modelList: openAiStyleModelList(),
  endpoint: {
    apiUrl: (entry) => entry.baseURL,
    unset: (entry) => `not configured: set "baseURL" of model ${entry.name} in the config file`,
  },
  reads: [],
} satisfies VendorSpec<"openai-compatible">;
