// The means of asking of one panel, fixed when it opens: the call policy and the progress on the
// caller's end (let go once the answer is given: the late calls run on, unheard; see answer-by-time.ts),
// the model factory, the opinion asker, the synthesis writer and the wait for the answer-by time.

import type { ModelOpinion } from "../../../contract/opinions.ts";
import type { HistoryMessage } from "../../asking/asker.ts";
import type { ContextTrim } from "../../asking/conversation-context.ts";
import type { ConsultationServices, RunOptions } from "../../consultation-services.ts";
import { callPolicy } from "../../model-call/retried-call.ts";
import { answeredBy, detachable } from "../answer-by-time.ts";
import type { CouncilCalls } from "../debate.ts";
import { hostFamily } from "../host-answer.ts";
import { familyOf } from "../model-families.ts";
import { opinionAsker } from "../panel-opinions.ts";
import { synthesise } from "../synthesis.ts";
import type { FittedPanel, PanelMeans, PanelSetup } from "./panel-record.ts";

/** The means of a consultation asking `question` with the plan `fitted`, under the caller's `options`. */
export function panelMeans(
  services: ConsultationServices,
  setup: PanelSetup,
  question: string,
  history: readonly HistoryMessage[],
  fitted: FittedPanel,
  options: RunOptions,
): PanelMeans {
  const { choice, chosen } = setup;
  const { defaults } = services;
  const { plan } = fitted;
  const started = services.now();
  const elapsed = () => services.now() - started;
  // With an answer-by time, models still running then go on after the answer, whatever the caller's
  // request does; only a cancel before the answer (or the late signal after it) stops them, and their
  // progress is no longer the caller's.
  const calling = detachable(options);
  const policy = callPolicy(
    services,
    calling.signal,
    Math.min(defaults.modelDeadlineMs, defaults.requestDeadlineMs),
  );
  const stream = options.stream === true;
  const { createModel } = services;
  const councilCalls: CouncilCalls = { createModel, policy, onEvent: calling.onEvent, stream };
  const trims: Record<string, ContextTrim> = {};
  const askOpinion = opinionAsker(services, {
    question,
    history,
    plan,
    stances: setup.stances,
    attachments: setup.attachments,
    features: (entry) => ({
      reasoning: choice.reasoning ?? chosen.reasoning ?? entry.reasoning,
      webSearch: setup.webSearch,
    }),
    stream,
    policy,
    onEvent: calling.onEvent,
    trims,
  });
  const families = new Map(
    [plan.primary, ...plan.secondaries].map((entry) => [entry.name, familyOf(entry)] as const),
  );
  if (setup.host) families.set(setup.host.model, hostFamily(setup.host));
  return {
    ...councilCalls,
    askOpinion,
    trims,
    elapsed,
    settle: (calls: readonly Promise<ModelOpinion>[]) =>
      options.answerByMs === undefined
        ? Promise.all(calls)
        : answeredBy(calls, Math.max(0, options.answerByMs - elapsed())),
    synthesisOf: (opinions, council, pendingModels) =>
      synthesise(question, history, opinions, plan.synthesis, {
        ...councilCalls,
        remainingMs: () => defaults.requestDeadlineMs - elapsed(),
        council,
        pendingModels,
        families,
        ...(setup.cost.dailyBudget ? { allowanceUsd: fitted.synthesisAllowanceUsd } : {}),
      }),
    answered: calling.detach,
  };
}
