// Google: Gemini models through @ai-sdk/google, Google Search grounding, a paged model list sent with
// x-goog-api-key (models named `models/<id>`), priced as "google" and the Google Gemini family; it reads
// images and PDFs.

import { isRecord } from "../../contract/json-record.ts";
import { modelsUrl, withParameter } from "../model-list-pages.ts";
import { keyedOptions } from "../package-options.ts";
import { loadProviderPackage } from "../provider-packages.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { ModelPage, VendorSpec } from "../vendor-spec.ts";

// The package this vendor is reached through, with its exports' types, for loadProviderPackage.
declare module "../provider-packages.ts" {
  interface ProviderPackages {
    "@ai-sdk/google": typeof import("@ai-sdk/google");
  }
}

const defaultBaseUrl = "https://generativelanguage.googleapis.com/v1beta";

/** Google's spec. */
export const google = {
  id: "google",
  displayName: "Google",
  environment: {
    keyVariables: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"],
    baseUrlVariable: "GOOGLE_GENERATIVE_AI_BASE_URL",
  },
  defaultBaseUrl,
  package: "@ai-sdk/google",
  createModel: (entry, context) =>
    context.load("@ai-sdk/google").createGoogleGenerativeAI(keyedOptions(context))(entry.modelId),
  callSettings: (request) =>
    standardCallSettings(request, () => ({
      google_search: loadProviderPackage("@ai-sdk/google").google.tools.googleSearch({}),
    })),
  modelList: {
    listUrl: (settings) => modelsUrl(settings.baseURL ?? defaultBaseUrl),
    headers: (key) => ({ "x-goog-api-key": key }),
    firstPageUrl: (listUrl) => withParameter(listUrl, "pageSize", "1000"),
    readPage: readGooglePage,
  },
  priceProviderId: "google",
  family: "google",
  reads: ["image", "pdf"],
} satisfies VendorSpec<"google">;

/**
 * The ids on one page of Google's list, leaving out models that cannot generate text (embedding
 * models); Google answers `{}` when a key can list no models at all. Pages with `nextPageToken`.
 */
function readGooglePage(body: Record<string, unknown>, pageUrl: string): ModelPage | undefined {
  if (!Array.isArray(body.models))
    return body.models === undefined && Object.keys(body).length === 0 ? { ids: [] } : undefined;
  const ids = body.models
    .filter(isRecord)
    .filter((model) => {
      const methods = model.supportedGenerationMethods;
      return !Array.isArray(methods) || methods.includes("generateContent");
    })
    .map((model) => (typeof model.name === "string" ? model.name.replace(/^models\//, "") : ""))
    .filter((id) => id.length > 0);
  const token = typeof body.nextPageToken === "string" && body.nextPageToken ? body.nextPageToken : undefined;
  return { ids, ...(token ? { nextUrl: withParameter(pageUrl, "pageToken", token) } : {}) };
}
