// The call settings most vendors share: the AI SDK's own reasoning option (which it maps to OpenAI's
// reasoning effort, Anthropic's thinking budget, Gemini's thinking level or budget and xAI's reasoning
// effort) and the vendor's search tool from its provider package, loaded only when a call asks for a
// search. A vendor with its own way (OpenRouter) writes its settings itself.

import type { CallRequest, ProviderCallSettings } from "./vendor-spec.ts";

/** Most searches Anthropic may run in one call; cost estimates assume this many for every vendor. */
export const maxSearchesPerCall = 5;

/** The AI SDK's reasoning option for each of our levels. */
export const sdkReasoning = { off: "none", low: "low", medium: "medium", high: "high" } as const;

/** Builds a vendor's search tools, by the name the model is told; loads its package. */
export type SearchToolBuilder = () => Record<string, unknown>;

/**
 * The settings asking for `request` with the AI SDK's reasoning option and the tools `searchTool`
 * builds (none when the vendor has no search tool, or its package does not load: then the model's own
 * call fails with why, as that model's error opinion).
 */
export function standardCallSettings(
  request: CallRequest,
  searchTool?: SearchToolBuilder,
): ProviderCallSettings {
  const tools = request.search && searchTool ? searchTools(searchTool) : undefined;
  return {
    ...(request.reasoning ? { reasoning: sdkReasoning[request.reasoning] } : {}),
    ...(tools ? { tools } : {}),
  };
}

function searchTools(searchTool: SearchToolBuilder): ProviderCallSettings["tools"] {
  // The provider packages type their tools against their own copy of provider-utils; the tools are
  // the same objects the AI SDK's ToolSet holds.
  try {
    return searchTool() as ProviderCallSettings["tools"];
  } catch {
    return undefined;
  }
}
