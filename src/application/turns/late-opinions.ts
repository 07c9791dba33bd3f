// Opinions that land after their turn was answered: each is put in its place in the stored turn (the
// placeholder the answer showed), the turn's totals are brought up to date, every node on the store is
// told (so a page or terminal following the turn, wherever it is served, shows it), and the caller is
// told. A model stopped after the answer (see RunOptions.lateSignal) is stored as stopped. Writes of
// one turn are made one after another, so no late opinion overwrites another.

import { type LateOpinion, pendingNote } from "../../consultation/index.ts";
import type { ConsultationSummary, ModelOpinion, SecondOpinion } from "../../contract/opinions.ts";
import type { Broadcast } from "../../store/broadcast.ts";
import type { OwnerConversations } from "../../store/conversations.ts";

/** The broadcast channel on which each change of a turn's late opinions is announced (the message id). */
export const lateOpinionChannel = "ai_universe_late_opinions";

/** The answer stored in the place of a model stopped after the answer, before it answered. */
export const stoppedResponse =
  "Stopped before it answered: the run that asked it was interrupted after the answer was given.";

/**
 * Stores each of `late` in the owner's assistant message `messageId` as it lands, announcing each on
 * `broadcast`; `onStored` is told of each (after the write). Resolves when every one has landed or
 * failed to be stored.
 */
export async function storeLateOpinions(
  conversations: OwnerConversations,
  broadcast: Broadcast,
  messageId: string,
  late: readonly LateOpinion[],
  onStored: (opinion: ModelOpinion) => void,
): Promise<void> {
  let writes: Promise<unknown> = Promise.resolve();
  await Promise.all(
    late.map(async ({ model, opinion }) => {
      // A call rejects after the answer only when the late signal stopped it.
      const landing: Landing = await opinion.then(
        (answered) => ({ ...answered, late: true as const }),
        () => ({ model, response: stoppedResponse, error: true, late: true as const }),
      );
      const write = writes.then(() => addOpinion(conversations, messageId, landing));
      writes = write.catch(() => {});
      const stored = await write.then(
        (placed) => ({ placed, stored: true }),
        () => ({ placed: undefined, stored: false }),
      );
      if (stored.stored) await broadcast.publish(lateOpinionChannel, messageId).catch(() => {});
      onStored(stored.placed ?? { ...stopped(model), ...landing });
    }),
  );
}

/** A landed opinion, or what is known of a model stopped before it answered. */
type Landing = ModelOpinion | Pick<ModelOpinion, "model" | "response" | "error" | "late">;

/** The fields a stopped model's place keeps when its placeholder cannot be read. */
function stopped(model: string): ModelOpinion {
  return {
    model,
    modelId: model,
    modelDisplayName: model,
    response: stoppedResponse,
    latencyMs: 0,
    citations: [],
  };
}

/** Puts `landing` in its model's place in the stored turn; resolves with the opinion as placed. */
async function addOpinion(
  conversations: OwnerConversations,
  messageId: string,
  landing: Landing,
): Promise<ModelOpinion> {
  const [message] = await conversations.getMessages([messageId]);
  const stored = message?.metadata.secondOpinion as SecondOpinion | undefined;
  if (!message || !stored) throw new Error(`message ${messageId} holds no second opinion`);
  const placeholder = [stored.primary, ...stored.secondaryOpinions].find(
    (existing) => existing.model === landing.model && existing.pending,
  );
  // A stopped model keeps its placeholder's name, id and latency.
  const { pending: _placeholder, ...kept } = placeholder ?? stopped(landing.model);
  const opinion: ModelOpinion = { ...kept, ...landing };
  const place = (existing: ModelOpinion) => (existing === placeholder ? opinion : existing);
  const pendingModels = (stored.pendingModels ?? []).filter((model) => model !== opinion.model);
  const { pendingModels: _pending, ...rest } = stored;
  const updated: SecondOpinion = {
    ...rest,
    primary: place(stored.primary),
    secondaryOpinions: stored.secondaryOpinions.map(place),
    summary: withLanded(stored.summary, opinion, pendingModels),
    ...(pendingModels.length > 0 ? { pendingModels } : {}),
  };
  await conversations.updateMessageMetadata(messageId, { ...message.metadata, secondOpinion: updated });
  return opinion;
}

/** The totals with one more opinion counted. */
function withLanded(
  summary: ConsultationSummary,
  opinion: ModelOpinion,
  pendingModels: string[],
): ConsultationSummary {
  const { pendingModels: _pending, note: _note, ...rest } = summary;
  return {
    ...rest,
    ...(opinion.tokensUsed !== undefined
      ? { totalTokens: (summary.totalTokens ?? 0) + opinion.tokensUsed }
      : {}),
    ...(opinion.cost !== undefined
      ? { totalCost: Math.round(((summary.totalCost ?? 0) + opinion.cost) * 1e8) / 1e8 }
      : {}),
    successfulModels: summary.successfulModels + (opinion.error ? 0 : 1),
    failedModels: summary.failedModels + (opinion.error ? 1 : 0),
    ...(pendingModels.length > 0 ? { pendingModels, note: pendingNote(pendingModels) } : {}),
  };
}
