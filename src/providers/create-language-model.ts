// Turns a model entry into an AI SDK language model. Each call builds its own provider instance
// from immutable settings, so concurrent consultations never share mutable client state. The
// provider package is loaded at the model's first call, not at start (see provider-packages.ts); how
// a vendor's model is built is its spec's (src/providers/<vendor>/).

import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ModelEntry, ProviderKind } from "./model-entry.ts";
import type { ProviderSettings } from "./provider-environment.ts";
import { createProviderFetch } from "./provider-fetch.ts";
import { loadProviderPackage, type ProviderPackageLoader } from "./provider-packages.ts";
import { vendorOf } from "./vendors.ts";

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
    const vendor = vendorOf(entry.provider);
    const context = { settings: providers[entry.provider], environment, fetch, load };
    // A vendor with no package to load (the simulated one) builds its model at once.
    const model = vendor.package
      ? lazyModel(entry, () => vendor.createModel(entry, context))
      : vendor.createModel(entry, context);
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
