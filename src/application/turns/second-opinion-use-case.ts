// The `agent.second_opinion` use case: the panel answers (consult), inside the caller's daily budget and
// idempotency key, and the turn is recorded; the late models of the call are tracked (late-work.ts), so
// a deleted conversation or a shutdown stops them.

import { consult, type HistoryMessage, type RunOptions } from "../../consultation/index.ts";
import type { SecondOpinionResult } from "../../contract/consultation-results.ts";
import { withoutHost } from "../../providers/agent-cli-statuses.ts";
import { allowedWorkspace, inWorkspaceServices } from "../agent-cli-workspace.ts";
import { type AnswerByRules, answerByOf, type ConsultationOptions } from "../answer-by.ts";
import type { ApplicationServices } from "../application-services.ts";
import { panelRequest } from "../attachment-input.ts";
import { resolveStrategy } from "../auto-strategy.ts";
import type { Caller } from "../caller.ts";
import type { IdempotencyGate } from "../conversations/idempotency-gate.ts";
import { withIndependentVotes } from "../independent-votes.ts";
import type { LateWork } from "../late-work.ts";
import type { Admission } from "../limits/admission.ts";
import { countingAgentCliCalls } from "../limits/agent-cli-calls.ts";
import { runWithinBudget } from "../limits/budgeted-run.ts";
import { answerTurn } from "./answer-turn.ts";
import { outcomeOf } from "./record-turn.ts";
import { readStoredSecondOpinion, secondOpinionResult } from "./turn-results.ts";

/** What the use case is made of. */
export interface TurnUseCaseParts {
  services: ApplicationServices;
  admission: Admission;
  gate: IdempotencyGate;
  lateWork: LateWork;
}

/**
 * The second-opinion use case (Application.secondOpinion); `marks` go into the stored answer's metadata
 * (a replay's `replayOf`), and `contextBefore` (a replay's question) limits what the models read of the
 * conversation to what came before it.
 */
export function secondOpinionUseCase(
  parts: TurnUseCaseParts,
  answerByRules: AnswerByRules,
  environment: Record<string, string | undefined>,
) {
  const { services, admission, gate, lateWork } = parts;
  return async (
    caller: Caller,
    input: unknown,
    options: ConsultationOptions,
    marks: Record<string, unknown> = {},
    contextBefore?: string,
  ): Promise<SecondOpinionResult> => {
    const { idempotencyKey, answerWithinSeconds, request: given } = await panelRequest(input);
    const { workspace, ...withoutWorkspace } = given;
    const { request, choice } = await resolveStrategy(services, caller.userId, withoutWorkspace);
    const { client, ...run } = options;
    const folder = workspace === undefined ? undefined : allowedWorkspace(workspace, client, environment);
    const answerByMs = answerByOf({ answerWithinSeconds }, client, answerByRules);
    const running: RunOptions = { ...run, ...(answerByMs !== undefined ? { answerByMs } : {}) };
    const turn = { owner: caller.userId, ...request, contextBefore };
    const chosen = inWorkspaceServices(hostLeftOff(services, client, request), folder);
    const consulted = countingAgentCliCalls(chosen, admission, caller);
    return gate.run(
      { owner: caller.userId, key: idempotencyKey, tool: "agent.second_opinion", arguments: given },
      async (stamp) => {
        const late = lateWork.track(running.lateSignal);
        const lateRunning = { ...running, lateSignal: late.lateSignal };
        // A late opinion is paid for too: its cost is charged when it lands, inside the call's reservation.
        const { outcome, settled } = await runWithinBudget(
          { admission, caller, request },
          (cost, charge) => {
            const ask = async (history: readonly HistoryMessage[]) => {
              const answered = await consult(
                { kind: "panel", choice: request, cost, question: request.question, history },
                consulted,
                lateRunning,
              );
              const { store, roster } = services;
              const answer = await withIndependentVotes(
                choice ? { ...answered.answer, strategyChoice: choice } : answered.answer,
                store.evaluations,
                caller.userId,
                roster.available,
              );
              return {
                ...answered,
                answer,
                metadata: { ...answered.metadata, ...marks, secondOpinion: answer },
              };
            };
            return answerTurn(turn, ask, services, charge, stamp);
          },
          (done) => done.answer.summary.totalCost,
        ).catch((error: unknown) => {
          late.settles();
          throw error;
        });
        late.settles(settled);
        const result = secondOpinionResult(outcome);
        late.belongsTo(caller.userId, result.conversationId);
        return result;
      },
      (stored) => secondOpinionResult(outcomeOf(stored, readStoredSecondOpinion(stored.assistant))),
      options.signal,
    );
  };
}

/**
 * `services` with the CLI the calling MCP client is (Claude Code, Codex, Gemini CLI, by its clientInfo
 * name) left off the models a default panel is chosen from: a host is not asked to review itself. A
 * request that names its models or panel is asked as it says.
 */
function hostLeftOff(
  services: ApplicationServices,
  client: ConsultationOptions["client"],
  request: {
    panel?: string | undefined;
    primaryModel?: string | undefined;
    secondaryModels?: string[] | undefined;
  },
): ApplicationServices {
  if (client?.via !== "mcp" || request.panel || request.primaryModel || request.secondaryModels?.length) {
    return services;
  }
  const available = withoutHost(services.roster.available, client.name);
  if (available.length === services.roster.available.length) return services;
  return { ...services, roster: { ...services.roster, available } };
}
