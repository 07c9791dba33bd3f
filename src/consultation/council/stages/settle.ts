// The panel's third stage: the answer-by time. The opinions in by then go on to the debate, the review
// and the synthesis; the models still running go on after the answer, their opinions stored as they
// land. When every opinion in hand failed there is no answer, and nothing to store.

import type { ModelOpinion } from "../../../contract/opinions.ts";
import { ServiceError } from "../../../contract/service-error.ts";
import type { LateOpinion } from "../../asking/asker.ts";
import { withHost } from "../host-answer.ts";
import type { OpenedPanel, SettledPanel } from "./panel-record.ts";

/** Waits for the consultation's calls until its answer-by time. Throws all_models_failed. */
export async function settlePanel(panel: OpenedPanel): Promise<SettledPanel> {
  const { asked } = panel.opening;
  const settled = await panel.means.settle(panel.calls);
  const present = asked.filter((_participant, index) => settled[index] !== undefined);
  const opinions = settled.filter((opinion): opinion is ModelOpinion => opinion !== undefined);
  const late: LateOpinion[] = asked.flatMap(({ entry }, index) =>
    settled[index] === undefined
      ? [{ model: entry.name, opinion: panel.calls[index] as Promise<ModelOpinion> }]
      : [],
  );
  if (opinions.every((opinion) => opinion.error)) {
    throw new ServiceError(
      "all_models_failed",
      `Every model failed, so there is no answer:\n${opinions.map((opinion) => `- ${opinion.response}`).join("\n")}`,
      { opinions },
    );
  }
  return { ...panel, present, opinions: withHost(opinions, panel.setup.host), late };
}
