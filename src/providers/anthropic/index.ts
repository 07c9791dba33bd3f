// Anthropic: Claude models through @ai-sdk/anthropic, its web search tool (at most
// maxSearchesPerCall searches a call), a paged model list sent with x-api-key, priced as "anthropic"
// and the Anthropic Claude family; it reads images and PDFs.

import { modelsUrl, readDataPage, withParameter } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { loadProviderPackage } from "../provider-packages.ts";
import { maxSearchesPerCall, standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/anthropic": typeof import("@ai-sdk/anthropic");
  }
}

const defaultBaseUrl = "https://api.anthropic.com/v1";

/** Anthropic's spec. */
export const anthropic = {
  id: "anthropic",
  displayName: "Anthropic",
  // Anthropic's SDKs and Claude Code take ANTHROPIC_BASE_URL without /v1 (and Claude Code passes its own on
  // to the servers it starts); @ai-sdk/anthropic wants it with.
  environment: {
    keyVariables: ["ANTHROPIC_API_KEY"],
    baseUrlVariable: "ANTHROPIC_BASE_URL",
    versionPath: "/v1",
  },
  defaultBaseUrl,
  package: "@ai-sdk/anthropic",
  createModel: (entry, context) =>
    context.load("@ai-sdk/anthropic").createAnthropic(keyedOptions(context))(entry.modelId),
  callSettings: (request) =>
    standardCallSettings(request, () => ({
      web_search: loadProviderPackage("@ai-sdk/anthropic").anthropic.tools.webSearch_20250305({
        maxUses: maxSearchesPerCall,
      }),
    })),
  modelList: {
    listUrl: (settings) => modelsUrl(settings.baseURL ?? defaultBaseUrl),
    headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
    firstPageUrl: (listUrl) => withParameter(listUrl, "limit", "1000"),
    // Pages with `has_more` and `last_id`, the next one asked for with `after_id`.
    readPage(body, pageUrl) {
      const page = readDataPage(body);
      if (page && body.has_more === true && typeof body.last_id === "string") {
        return { ...page, nextUrl: withParameter(pageUrl, "after_id", body.last_id) };
      }
      return page;
    },
  },
  priceProviderId: "anthropic",
  family: "anthropic",
  reads: ["image", "pdf"],
} satisfies VendorSpec<"anthropic">;
