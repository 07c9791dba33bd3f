// The model ids each provider's key can use, asked only when a call fails because the vendor does not
// know the model, and kept for a few minutes so a panel of failing calls asks each provider once.

import { listProviderModels } from "./model-availability.ts";
import type { ModelEntry, ProviderKind } from "./model-entry.ts";
import type { ProviderSettings } from "./provider-environment.ts";

/** How long a provider's list is kept. */
const keptMs = 5 * 60 * 1000;

/** A function from a model to the ids its key can use (undefined when the list cannot be had). */
export function createUsableModels(
  providers: Record<ProviderKind, ProviderSettings>,
  fetch: typeof globalThis.fetch,
  now: () => number = Date.now,
): (entry: ModelEntry) => Promise<readonly string[] | undefined> {
  const kept = new Map<ProviderKind, { at: number; ids: Promise<readonly string[] | undefined> }>();
  return (entry) => {
    const cached = kept.get(entry.provider);
    if (cached && now() - cached.at < keptMs) return cached.ids;
    const ids = listProviderModels(entry.provider, providers[entry.provider], fetch).then((list) =>
      "ids" in list ? list.ids : undefined,
    );
    kept.set(entry.provider, { at: now(), ids });
    return ids;
  };
}
