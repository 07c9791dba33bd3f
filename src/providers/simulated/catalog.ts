// The simulated vendor's models: what a newcomer with no key and no local Ollama is answered by.

import type { ModelEntry } from "../model-entry.ts";

/**
 * Models used when no provider is configured and no local Ollama answers. They answer from a
 * built-in script so a newcomer sees the whole flow; every display name says "simulated".
 */
export const simulatedCatalog: readonly ModelEntry[] = ["analyst", "skeptic", "researcher", "pragmatist"].map(
  (persona) => ({
    name: `simulated-${persona}`,
    provider: "simulated" as const,
    modelId: `simulated-${persona}-1`,
    displayName: `Simulated ${persona[0]?.toUpperCase()}${persona.slice(1)} (simulated: no provider key set)`,
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
    contextWindow: 32_768,
    webSearch: persona === "researcher",
    alwaysSearches: persona === "researcher",
  }),
);
