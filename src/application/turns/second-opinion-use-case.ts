// The `agent.second_opinion` use case: the panel answers (consult), inside the caller's daily budget and
// idempotency key, and the turn is recorded; the late models of the call are tracked (late-work.ts), so
// a deleted conversation or a shutdown stops them.

import { consult, type RunOptions } from "../../consultation/index.ts";
import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import { secondOpinionInput } from "../../contract/inputs.ts";
import { validateInput } from "../../contract/validate-input.ts";
import { type AnswerByRules, answerByOf, type ConsultationOptions } from "../answer-by.ts";
import type { ApplicationServices } from "../application-services.ts";
import { attachmentsFrom } from "../attachment-input.ts";
import type { Caller } from "../caller.ts";
import type { IdempotencyGate } from "../conversations/idempotency-gate.ts";
import type { LateWork } from "../late-work.ts";
import type { Admission } from "../limits/admission.ts";
import { runWithinBudget } from "../limits/budgeted-run.ts";
import { answerTurn } from "./answer-turn.ts";
import { outcomeOf } from "./record-turn.ts";
import { readStoredSecondOpinion, secondOpinionResult } from "./second-opinion-result.ts";

/** What the use case is made of. */
export interface TurnUseCaseParts {
  services: ApplicationServices;
  admission: Admission;
  gate: IdempotencyGate;
  lateWork: LateWork;
}

/** The second-opinion use case (Application.secondOpinion). */
export function secondOpinionUseCase(parts: TurnUseCaseParts, answerByRules: AnswerByRules) {
  const { services, admission, gate, lateWork } = parts;
  return async (
    caller: Caller,
    input: unknown,
    options: ConsultationOptions,
  ): Promise<SecondOpinionResult> => {
    const {
      idempotencyKey,
      attachments: attached,
      answerWithinSeconds,
      // How much of the result a front end shows: none of the consultation's business.
      detail: _detail,
      ...rest
    } = validateInput(secondOpinionInput, input);
    const attachments = await attachmentsFrom(attached);
    const request = { ...rest, ...(attachments.length > 0 ? { attachments } : {}) };
    const { client, ...run } = options;
    const answerByMs = answerByOf({ answerWithinSeconds }, client, answerByRules);
    const running: RunOptions = { ...run, ...(answerByMs !== undefined ? { answerByMs } : {}) };
    const turn = { owner: caller.userId, ...request };
    return gate.run(
      { owner: caller.userId, key: idempotencyKey, tool: "agent.second_opinion", arguments: request },
      async (stamp) => {
        await admission.admit(caller);
        const late = lateWork.track(running);
        const tier = admission.tierOf(caller);
        // A late opinion is paid for too: its cost is charged when it lands, inside the call's reservation.
        const outcome = await runWithinBudget(
          admission.callBudget(caller),
          late.options,
          (reserve, budgeted) => {
            const cost = {
              maxCostUsd: request.maxCostUsd,
              unpricedModels: tier.unpricedModels,
              reserve: async (usd: number) => {
                await options.reserve?.(usd);
                await reserve(usd);
              },
              dailyBudget: tier.dailyBudgetUsd !== null,
            };
            const ask = (history: Parameters<typeof consult>[0]["history"]) =>
              consult(
                { kind: "panel", choice: request, cost, question: request.question, history },
                services,
                budgeted,
              );
            return answerTurn(turn, ask, services, budgeted, stamp);
          },
          (done) => done.answer.summary.totalCost,
        ).catch((error: unknown) => {
          late.failed();
          throw error;
        });
        const result = secondOpinionResult(outcome);
        late.belongsTo(caller.userId, result.conversationId);
        return result;
      },
      (stored) => secondOpinionResult(outcomeOf(stored, readStoredSecondOpinion(stored.assistant))),
      options.signal,
    );
  };
}
