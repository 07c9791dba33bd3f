// The simulated vendor: models that answer from a built-in script, so a newcomer with no key and no
// local Ollama sees the whole flow. No package, no key, no price, never checked against a model list.

import { openAiStyleModelList } from "../model-list-pages.ts";
import { createSimulatedLanguageModel } from "../simulated-language-model.ts";
import { standardCallSettings } from "../standard-call-settings.ts";
import type { VendorSpec } from "../vendor-spec.ts";

/** The simulated vendor's spec. */
export const simulated = {
  id: "simulated",
  displayName: "simulated",
  environment: { keyVariables: [] },
  createModel: (entry) => createSimulatedLanguageModel(entry.modelId, entry.name.replace(/^simulated-/, "")),
  callSettings: (request) => standardCallSettings(request),
  modelList: { ...openAiStyleModelList(), unavailable: "simulated models are not checked" },
  reads: [],
  simulated: true,
} satisfies VendorSpec<"simulated">;
