// The panel's first stage: which models, which council, what it may cost. The models and stances are
// checked when the consultation is planned (unknown_model, invalid_argument at once); the plan is fitted to the
// cost policy for each question, the same way for an estimate and for the turn itself.

import { defaultAdaptiveAgreement } from "../../../contract/consultation-strategies.ts";
import { maxSearchesPerCall } from "../../../providers/call-settings.ts";
import type { HistoryMessage } from "../../asking/asker.ts";
import { attachmentTokens } from "../../asking/attachments.ts";
import type { ConsultationServices } from "../../consultation-services.ts";
import { type CostPolicy, estimateTokens, fitPlanToBudget } from "../../planning/cost-budget.ts";
import { planConsultation } from "../../planning/model-selection.ts";
import { checkedStances } from "../debate.ts";
import { hostOpinion } from "../host-answer.ts";
import { opinionInstructions } from "../panel-opinions.ts";
import type { FittedPanel, PanelChoice, PanelSetup } from "./panel-record.ts";

/** Plans the consultation `choice` asks for (or the defaults). Throws unknown_model or invalid_argument. */
export function planPanel(
  services: Pick<ConsultationServices, "roster" | "defaults">,
  choice: PanelChoice,
  cost: CostPolicy,
): PanelSetup {
  const chosen = planConsultation(choice, services.roster, services.defaults);
  return {
    choice,
    chosen,
    cost,
    stances: checkedStances(choice.stances, [chosen.primary, ...chosen.secondaries]),
    rounds: choice.rounds ?? 1,
    attachments: choice.attachments ?? [],
    webSearch: choice.webSearch ?? chosen.webSearch ?? false,
    adaptive: (choice.strategy ?? chosen.strategy) === "adaptive",
    threshold: choice.adaptiveAgreement ?? chosen.adaptiveAgreement ?? defaultAdaptiveAgreement,
    host: hostOpinion(choice.hostAnswer),
  };
}

/**
 * The plan fitted to the cost policy for `question` and the conversation so far; throws
 * budget_exceeded as the consultation would before its first call.
 */
export function fitPanel(
  setup: PanelSetup,
  question: string,
  history: readonly HistoryMessage[],
): FittedPanel {
  const { chosen, choice, rounds, adaptive } = setup;
  const promptCharacters = history.reduce(
    (sum, message) => sum + message.content.length,
    question.length + opinionInstructions.length,
  );
  const promptTokens = estimateTokens(promptCharacters) + attachmentTokens(setup.attachments);
  // A review ranks twice; a hedge may send each opinion twice: the estimate counts it, so a cap holds.
  const extraCalls = rounds - 1 + (choice.review ? 2 : 0) + (chosen.hedge ? 1 : 0);
  // An adaptive consultation may write two syntheses (the first two's, then everyone's) and ask every model.
  const fitted = fitPlanToBudget(
    chosen,
    promptTokens,
    { ...setup.cost, searchesPerCall: setup.webSearch ? maxSearchesPerCall : 0 },
    extraCalls,
    adaptive ? 2 : 1,
  );
  return { ...fitted, promptTokens };
}
