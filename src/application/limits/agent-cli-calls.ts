// Agent CLI calls counted against the caller's tier (Tier.agentCliCallsPerDay): a subscription pays for
// them, not a price per token, so the daily budget cannot hold them. Each call of such a model is counted
// as it starts; past the tier's calls a day it fails with rate_limited (the limit and when it resets),
// and the rest of the panel answers on.

import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ApplicationServices } from "../application-services.ts";
import type { Caller } from "../caller.ts";
import type { Admission } from "./admission.ts";

/** `services` whose models a subscription pays for count each call against `caller`'s tier. */
export function countingAgentCliCalls(
  services: ApplicationServices,
  admission: Admission,
  caller: Caller,
): ApplicationServices {
  const limit = admission.tierOf(caller).agentCliCallsPerDay;
  if (limit === null || limit === undefined) return services;
  return {
    ...services,
    createModel(entry) {
      const model = services.createModel(entry);
      if (entry.billing !== "subscription") return model;
      const counted: LanguageModelV4 = {
        ...model,
        doGenerate: async (options) => {
          await admission.admitAgentCliCall(caller);
          return model.doGenerate(options);
        },
        doStream: async (options) => {
          await admission.admitAgentCliCall(caller);
          return model.doStream(options);
        },
      };
      return counted;
    },
  };
}
