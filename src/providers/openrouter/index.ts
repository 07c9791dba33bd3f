// OpenRouter: many vendors' models through @openrouter/ai-sdk-provider, with its own reasoning option
// and its web plugin in place of the AI SDK's settings, a model list at /api/v1/models, priced as
// "openrouter"; it serves several families, and reads text only (what a model reads varies).

import type { LanguageModelV4 } from "@ai-sdk/provider";
import { openAiStyleModelList } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { maxSearchesPerCall } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@openrouter/ai-sdk-provider": typeof import("@openrouter/ai-sdk-provider");
  }
}

const defaultBaseUrl = "https://openrouter.ai/api/v1";

/** OpenRouter's spec. */
export const openrouter = {
  id: "openrouter",
  displayName: "OpenRouter",
  environment: { keyVariables: ["OPENROUTER_API_KEY"], baseUrlVariable: "OPENROUTER_BASE_URL" },
  defaultBaseUrl,
  package: "@openrouter/ai-sdk-provider",
  createModel: (entry, context) =>
    context.load("@openrouter/ai-sdk-provider").createOpenRouter(keyedOptions(context))(
      entry.modelId,
    ) as unknown as LanguageModelV4,
  callSettings({ reasoning, search }) {
    const options = {
      ...(reasoning ? { reasoning: reasoning === "off" ? { enabled: false } : { effort: reasoning } } : {}),
      ...(search ? { plugins: [{ id: "web", max_results: maxSearchesPerCall }] } : {}),
    };
    return Object.keys(options).length > 0 ? { providerOptions: { openrouter: options } } : {};
  },
  modelList: openAiStyleModelList(defaultBaseUrl),
  priceProviderId: "openrouter",
  reads: [],
} satisfies VendorSpec<"openrouter">;
