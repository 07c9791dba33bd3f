// The `models --panel` use case: how many independent votes the default panel (the models a
// consultation with no arguments asks) is worth for the caller, with each pair's error correlation and
// where it came from: the caller's own eval runs, or the prior of the two models' families.

import { planConsultation } from "../consultation/index.ts";
import type { IndependentVotes } from "../contract/claims.ts";
import type { ApplicationServices } from "./application-services.ts";
import type { Caller } from "./caller.ts";
import { panelIndependence } from "./independent-votes.ts";
import type { Admission } from "./limits/admission.ts";

/** The use case of the default panel's pairs. */
export interface PanelPairsUseCase {
  /**
   * The default panel's independent votes for `caller`, each pair with its measured correlation and
   * runs, or its family prior when never measured; counted like a read.
   */
  defaultPanelIndependence(caller: Caller): Promise<IndependentVotes>;
}

/** Builds the use case over the store's eval runs and the roster. */
export function createPanelPairs(services: ApplicationServices, admission: Admission): PanelPairsUseCase {
  return {
    async defaultPanelIndependence(caller) {
      await admission.admit(caller);
      const plan = planConsultation({}, services.roster, services.defaults);
      const models = [plan.primary, ...plan.secondaries].map((entry) => entry.name);
      return panelIndependence(services.store.evaluations, caller.userId, models, services.roster.available);
    },
  };
}
