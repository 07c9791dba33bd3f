// Asks one model of a turn and reports it as progress: started, each retry, finished (with the
// failure, for logs). Both turn strategies ask their models through here.

import type { ModelMessage } from "ai";
import type { ModelEntry } from "../configuration/model-entry.ts";
import { type CallPolicy, callModel } from "./call-model.ts";
import type { ConsultationServices } from "./consultation-services.ts";
import type { ConsultationEvent, ModelOpinion } from "./opinion.ts";

/** One model's part in a turn. */
export interface ModelQuestion {
  entry: ModelEntry;
  role: "primary" | "secondary";
  instructions: string;
  messages: ModelMessage[];
}

/** Calls the model under `policy`, reporting progress to `onEvent`. Throws only when cancelled. */
export async function askModel(
  question: ModelQuestion,
  services: Pick<ConsultationServices, "createModel">,
  policy: CallPolicy,
  onEvent: (event: ConsultationEvent) => void,
): Promise<ModelOpinion> {
  const { entry, role } = question;
  onEvent({ type: "model-started", model: entry.name, role });
  const opinion = await callModel(
    {
      entry,
      model: services.createModel(entry),
      instructions: question.instructions,
      messages: question.messages,
    },
    { ...policy, onRetry: (retry) => onEvent({ type: "model-retrying", model: entry.name, ...retry }) },
  );
  onEvent({
    type: "model-finished",
    model: entry.name,
    role,
    error: opinion.error === true,
    latencyMs: opinion.latencyMs,
    ...(opinion.tokensUsed !== undefined ? { tokensUsed: opinion.tokensUsed } : {}),
    ...(opinion.cost !== undefined ? { cost: opinion.cost } : {}),
    ...(opinion.error ? { failure: opinion.response } : {}),
  });
  return opinion;
}
