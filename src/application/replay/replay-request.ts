// What a replay asks: the stored question with the files stored with it and the council options its
// stored answer shows (review, debate rounds, stances), of the chosen models or today's default panel;
// and, in words, what of the old turn is not stored and so is not asked again.

import type { SecondOpinion } from "../../contract/opinions.ts";
import type { Message } from "../../store/store.ts";

/** A stored turn: its number, its question and the answer that followed (none when it was not stored). */
export interface StoredQuestion {
  turn: number;
  question: Message;
  answer?: Message;
}

/** What is never stored with a turn, so a replay asks with today's defaults. */
const unstoredOptions =
  "The panel name, strategy, web search, reasoning level, cost cap and your own answer are not stored with a turn: today's defaults are used.";

/** The second-opinion input that asks `stored` again, and what could not be replayed. */
export function replayRequest(
  stored: StoredQuestion,
  models: readonly string[] | undefined,
): { input: Record<string, unknown>; notReplayed: string[] } {
  const notReplayed: string[] = [unstoredOptions];
  const files = (stored.question.metadata.attachments ?? []) as {
    name?: string;
    mediaType?: string;
    data?: string;
  }[];
  const attachments = files.flatMap((file) =>
    file.name && file.mediaType && file.data
      ? [{ name: file.name, mediaType: file.mediaType, data: file.data }]
      : [],
  );
  if (attachments.length < files.length) {
    notReplayed.push(
      `${files.length - attachments.length} of the question's files are not stored whole: asked without them.`,
    );
  }
  const old = stored.answer?.metadata.secondOpinion as SecondOpinion | undefined;
  if (!old) {
    notReplayed.push(
      stored.answer
        ? `Turn ${stored.turn} was answered by one model: it is asked of the panel now.`
        : `Turn ${stored.turn} has no stored answer: there is nothing to compare with.`,
    );
  }
  const [primaryModel, ...secondaryModels] = models ?? [];
  const input: Record<string, unknown> = {
    question: stored.question.content,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(primaryModel ? { primaryModel, secondaryModels, maxOpinions: secondaryModels.length } : {}),
    ...(old?.review ? { review: true } : {}),
    ...(old?.rounds && old.rounds.length > 1 ? { rounds: old.rounds.length } : {}),
  };
  if (old?.stances) {
    if (models)
      notReplayed.push("The stances of the old turn name its models: not given to the models chosen now.");
    else input.stances = old.stances;
  }
  return { input, notReplayed };
}
