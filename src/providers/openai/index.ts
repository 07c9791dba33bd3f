// OpenAI: GPT models through @ai-sdk/openai, its Responses API's web search tool, a model list at
// /v1/models, priced as "openai" and the OpenAI GPT family; it reads images and PDFs.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { loadProviderPackage } from "../provider-packages.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/openai": typeof import("@ai-sdk/openai");
  }
}

const defaultBaseUrl = "https://api.openai.com/v1";

/** OpenAI's spec. */
export const openai = {
  id: "openai",
  displayName: "OpenAI",
  environment: { keyVariables: ["OPENAI_API_KEY"], baseUrlVariable: "OPENAI_BASE_URL" },
  defaultBaseUrl,
  package: "@ai-sdk/openai",
  createModel: (entry, context) =>
    context.load("@ai-sdk/openai").createOpenAI(keyedOptions(context))(entry.modelId),
  callSettings(request) {
    const settings = standardCallSettings(request, () => ({
      web_search: loadProviderPackage("@ai-sdk/openai").openai.tools.webSearch({}),
    }));
    // @ai-sdk/openai otherwise reports the search call's bare source URLs in place of the answer's
    // titled citations.
    return settings.tools
      ? { ...settings, providerOptions: { openai: { includeWebSearchSources: false } } }
      : settings;
  },
  modelList: openAiStyleModelList(defaultBaseUrl),
  priceProviderId: "openai",
  family: "openai",
  reads: ["image", "pdf"],
} satisfies VendorSpec<"openai">;
