// Cerebras: fast open-weight models (gpt-oss, Llama, Qwen) through @ai-sdk/cerebras, with no search
// tool, a model list at /v1/models, priced as "cerebras"; it serves several families and reads text only.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/cerebras": typeof import("@ai-sdk/cerebras");
  }
}

const defaultBaseUrl = "https://api.cerebras.ai/v1";

/** Cerebras's spec. */
export const cerebras = {
  id: "cerebras",
  displayName: "Cerebras",
  environment: { keyVariables: ["CEREBRAS_API_KEY"], baseUrlVariable: "CEREBRAS_BASE_URL" },
  defaultBaseUrl,
  package: "@ai-sdk/cerebras",
  createModel: (entry, context) =>
    context.load("@ai-sdk/cerebras").createCerebras(keyedOptions(context))(entry.modelId),
  callSettings: (request) => standardCallSettings(request),
  modelList: openAiStyleModelList(defaultBaseUrl),
  priceProviderId: "cerebras",
  reads: [],
} satisfies VendorSpec<"cerebras">;
