// The panel (`agent.second_opinion`) as named stages over one record (stages/panel-record.ts): plan
// the models and council; open the calls (everyone at once, or adaptive: two cheap ones first, the rest
// only when they disagree); settle at the answer-by time; debate; review; synthesise; assemble the
// answer. Each stage is a file of stages/. Only when every model fails is there nothing to store.

import type { SecondOpinion } from "../../contract/opinions.ts";
import type { Asker } from "../asking/asker.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import type { CostPolicy } from "../planning/cost-budget.ts";
import { assemblePanel } from "./stages/assemble.ts";
import { debatePanel } from "./stages/debate.ts";
import { openPanel } from "./stages/open.ts";
import type { PanelChoice } from "./stages/panel-record.ts";
import { fitPanel, planPanel } from "./stages/plan.ts";
import { reviewPanel } from "./stages/review.ts";
import { settlePanel } from "./stages/settle.ts";
import { synthesisePanel } from "./stages/synthesise.ts";

/**
 * An asker of the models `choice` names (or the defaults), fitted to `cost` before any call.
 * Throws unknown_model or invalid_argument at once.
 */
export function panelAsker(
  services: ConsultationServices,
  choice: PanelChoice,
  cost: CostPolicy,
): Asker<SecondOpinion> {
  const setup = planPanel(services, choice, cost);
  return {
    estimate: (question, history) => fitPanel(setup, question, history),
    async ask(question, history, options) {
      const opened = await openPanel(services, setup, question, history, options);
      const settled = await settlePanel(opened);
      const debated = await debatePanel(settled);
      const reviewed = await reviewPanel(debated);
      const synthesised = await synthesisePanel(reviewed);
      return assemblePanel(synthesised);
    },
  };
}
