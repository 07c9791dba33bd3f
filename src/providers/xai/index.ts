// xAI: Grok models through @ai-sdk/xai, its web search tool, a model list at /v1/models, priced as
// "x-ai" and the xAI Grok family; it reads images.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { loadProviderPackage } from "../provider-packages.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/xai": typeof import("@ai-sdk/xai");
  }
}

const defaultBaseUrl = "https://api.x.ai/v1";

/** xAI's spec. */
export const xai = {
  id: "xai",
  displayName: "xAI",
  environment: { keyVariables: ["XAI_API_KEY"], baseUrlVariable: "XAI_BASE_URL" },
  defaultBaseUrl,
  package: "@ai-sdk/xai",
  createModel: (entry, context) =>
    context.load("@ai-sdk/xai").createXai(keyedOptions(context))(entry.modelId),
  callSettings: (request) =>
    standardCallSettings(request, () => ({
      web_search: loadProviderPackage("@ai-sdk/xai").xai.tools.webSearch(),
    })),
  modelList: openAiStyleModelList(defaultBaseUrl),
  priceProviderId: "x-ai",
  family: "xai",
  reads: ["image"],
} satisfies VendorSpec<"xai">;
