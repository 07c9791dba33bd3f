// An evaluation's consultation of the panel: the second-opinion input validated as the use case
// validates it, counted against the caller's tier and held against the caller's daily budget as the
// use case holds it, then asked through the engine's `consult`, exactly as a caller's consultation is
// asked (council, review, adaptive), but with no conversation: nothing is stored.

import { type ConsultationServices, consult, type RunOptions } from "../../consultation/index.ts";
import { secondOpinionInput } from "../../contract/inputs.ts";
import type { SecondOpinion } from "../../contract/opinions.ts";
import { validateInput } from "../../contract/validate-input.ts";
import { attachmentsFrom } from "../attachment-input.ts";
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
  input: unknown,
  signal: AbortSignal,
  reserveRun: (usd: number) => Promise<void>,
): Promise<SecondOpinion> {
  const { services, admission, caller } = parts;
  // An evaluation waits for every model: an answer-by time is no part of its input.
  const {
    idempotencyKey: _key,
    attachments: attached,
    answerWithinSeconds: _within,
    detail: _detail,
    ...rest
  } = validateInput(secondOpinionInput, input);
  const attachments = await attachmentsFrom(attached);
  const choice = { ...rest, ...(attachments.length > 0 ? { attachments } : {}) };
  const options: RunOptions = { signal };
  await admission.admit(caller);
  const tier = admission.tierOf(caller);
  return runWithinBudget(
    admission.callBudget(caller),
    options,
    async (reserve, budgeted) => {
      const cost = {
        maxCostUsd: choice.maxCostUsd,
        unpricedModels: tier.unpricedModels,
        reserve: async (usd: number) => {
          await reserveRun(usd);
          await reserve(usd);
        },
        dailyBudget: tier.dailyBudgetUsd !== null,
      };
      const asked = await consult(
        { kind: "panel", choice, cost, question: choice.question },
        services,
        budgeted,
      );
      // Without an answer-by time no model runs on after the answer: the turn is settled, the hold ends.
      budgeted.onTurnSettled?.();
      return asked.answer;
    },
    (answer) => answer.summary.totalCost,
  );
}
