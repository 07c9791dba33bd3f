// The panel's second stage: the plan fitted to the question, its worst case held, the means of asking
// fixed, and the calls made: every participant at once, or (adaptive) two cheap ones first, the rest
// only when those two disagree (adaptive.ts).

import type { HistoryMessage } from "../../asking/asker.ts";
import type { ConsultationServices, RunOptions } from "../../consultation-services.ts";
import { beginAsking, reasonToAskAll } from "../adaptive.ts";
import { withHost } from "../host-answer.ts";
import type { Participant } from "../panel-opinions.ts";
import { panelMeans } from "./panel-means.ts";
import type { OpenedPanel, PanelSetup } from "./panel-record.ts";
import { fitPanel } from "./plan.ts";

/**
 * Opens the consultation `setup` plans for `question`: reserves its worst case (throwing what the cost policy
 * throws, before any call) and makes its calls, without waiting for their answers.
 */
export async function openPanel(
  services: ConsultationServices,
  setup: PanelSetup,
  question: string,
  history: readonly HistoryMessage[],
  options: RunOptions,
): Promise<OpenedPanel> {
  const fitted = fitPanel(setup, question, history);
  await setup.cost.reserve?.(fitted.worstCaseUsd);
  const means = panelMeans(services, setup, question, history, fitted, options);
  const { plan } = fitted;
  const synthesis = plan.synthesis.length > 0;
  const participants: Participant[] = [
    { entry: plan.primary, role: "primary" },
    ...plan.secondaries.map((entry) => ({ entry, role: "secondary" as const })),
  ];
  const opening = await beginAsking(
    participants,
    setup.adaptive
      ? {
          threshold: setup.threshold,
          promptTokens: fitted.promptTokens,
          full: reasonToAskAll({ review: setup.choice.review, rounds: setup.rounds, synthesis }),
        }
      : undefined,
    {
      question,
      synthesis,
      askOpinion: means.askOpinion,
      settle: means.settle,
      synthesise: (opinions) => means.synthesisOf(withHost(opinions, setup.host), {}, []),
      onEvent: means.onEvent,
    },
  );
  const calls = opening.asked.map(
    (participant) => opening.early.get(participant) ?? means.askOpinion(participant),
  );
  return { setup, question, history, fitted, means, opening, calls };
}
