// Opinions that land after their turn was answered: each is put in its place in the stored turn (the
// placeholder the answer showed), the turn's totals are brought up to date, and the caller is told.
// Writes of one turn are made one after another, so no late opinion overwrites another.

import type { Store } from "../store/store.ts";
import type { ConsultationSummary, ModelOpinion, SecondOpinion } from "./opinion.ts";

/** A model still running when the answer was given. */
export interface LateOpinion {
  model: string;
  opinion: Promise<ModelOpinion>;
}

/**
 * Stores each of `late` in the assistant message `messageId` as it lands; `onStored` is told of each
 * (after the write). Resolves when every one has landed or failed to be stored.
 */
export async function storeLateOpinions(
  store: Store,
  owner: string,
  messageId: string,
  late: readonly LateOpinion[],
  onStored: (opinion: ModelOpinion, stored: boolean) => void,
): Promise<void> {
  let writes: Promise<unknown> = Promise.resolve();
  await Promise.all(
    late.map(async ({ opinion }) => {
      let landed: ModelOpinion;
      try {
        landed = { ...(await opinion), late: true };
      } catch {
        return; // cancelled before the answer: nothing to add
      }
      const write = writes.then(() => addOpinion(store, owner, messageId, landed));
      writes = write.catch(() => {});
      const stored = await write.then(
        () => true,
        () => false,
      );
      onStored(landed, stored);
    }),
  );
}

async function addOpinion(
  store: Store,
  owner: string,
  messageId: string,
  opinion: ModelOpinion,
): Promise<void> {
  const [message] = await store.getMessages(owner, [messageId]);
  const stored = message?.metadata.secondOpinion as SecondOpinion | undefined;
  if (!message || !stored) throw new Error(`message ${messageId} holds no second opinion`);
  const place = (existing: ModelOpinion) =>
    existing.model === opinion.model && existing.pending ? opinion : existing;
  const pendingModels = (stored.pendingModels ?? []).filter((model) => model !== opinion.model);
  const { pendingModels: _pending, ...rest } = stored;
  const updated: SecondOpinion = {
    ...rest,
    primary: place(stored.primary),
    secondaryOpinions: stored.secondaryOpinions.map(place),
    summary: withLanded(stored.summary, opinion, pendingModels),
    ...(pendingModels.length > 0 ? { pendingModels } : {}),
  };
  await store.updateMessageMetadata(owner, messageId, { ...message.metadata, secondOpinion: updated });
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

/** The sentence a partial answer carries. */
export function pendingNote(pendingModels: readonly string[]): string {
  return `The synthesis did not hear from ${pendingModels.join(", ")}: still running when the answer was due. Their opinions are added to this turn when they land (conversation.get-history shows them).`;
}
