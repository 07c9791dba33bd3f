// An evaluation's consultation of the panel: the second-opinion input validated as the use case
// validates it, counted against the caller's tier and held against the caller's daily budget as the
// use case holds it, then asked through the engine's `consult`, exactly as a caller's consultation is
// asked (council, review, adaptive), but with no conversation: nothing is stored.

import { type ConsultationServices, consult } from "../../consultation/index.ts";
import type { SecondOpinionInput } from "../../contract/inputs.ts";
import type { SecondOpinion } from "../../contract/opinions.ts";
import { panelRequest } from "../attachment-input.ts";
import type { Caller } from "../caller.ts";
import type { Admission } from "../limits/admission.ts";
import { runWithinBudget } from "../limits/budgeted-run.ts";

/** Who consults, with what. */
export interface PanelConsultationParts {
  services: ConsultationServices;
  admission: Admission;
  caller: Caller;
}

/**
 * The panel's answer to the second-opinion `input`; `reserveRun` holds each worst case against the
 * run's cap too. Throws what the use case throws (all_models_failed, budget_exceeded...).
 */
export async function consultPanel(
  parts: PanelConsultationParts,
  input: SecondOpinionInput,
  signal: AbortSignal,
  reserveRun: (usd: number) => Promise<void>,
): Promise<SecondOpinion> {
  const { services, admission, caller } = parts;
  // An evaluation waits for every model: an answer-by time is no part of its input.
  const { request } = await panelRequest(input);
  // An evaluation names its strategies: "auto", a caller's choice from past runs, is no part of one.
  const { strategy, ...rest } = request;
  const choice = { ...rest, ...(strategy && strategy !== "auto" ? { strategy } : {}) };
  const { outcome } = await runWithinBudget(
    { admission, caller, request: choice, reserve: reserveRun },
    async (cost) => {
      const question = choice.question;
      const asked = await consult({ kind: "panel", choice, cost, question }, services, { signal });
      // Without an answer-by time no model runs on after the answer: the turn is settled at once.
      return { outcome: asked.answer };
    },
    (answer) => answer.summary.totalCost,
  );
  return outcome;
}
