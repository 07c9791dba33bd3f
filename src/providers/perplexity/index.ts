// Perplexity: Sonar models through @ai-sdk/perplexity, which search the web on every call (nothing to
// ask for), with no model list to check a key against, priced as "perplexity" and the Perplexity Sonar
// family; they read images.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/perplexity": typeof import("@ai-sdk/perplexity");
  }
}

const defaultBaseUrl = "https://api.perplexity.ai";

/** Perplexity's spec. */
export const perplexity = {
  id: "perplexity",
  displayName: "Perplexity",
  environment: { keyVariables: ["PERPLEXITY_API_KEY"], baseUrlVariable: "PERPLEXITY_BASE_URL" },
  defaultBaseUrl,
  package: "@ai-sdk/perplexity",
  createModel: (entry, context) =>
    context.load("@ai-sdk/perplexity").createPerplexity(keyedOptions(context))(entry.modelId),
  callSettings: (request) => standardCallSettings(request),
  modelList: {
    // The probe still asks /models: any answer but 401 or 403 tells the key and endpoint work.
    ...openAiStyleModelList(defaultBaseUrl),
    unavailable: "Perplexity has no model list for its Sonar API; cannot check which models the key can use",
  },
  priceProviderId: "perplexity",
  family: "perplexity",
  reads: ["image"],
} satisfies VendorSpec<"perplexity">;
