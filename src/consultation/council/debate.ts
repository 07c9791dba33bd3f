// Stances and debate rounds. A model given a stance argues that side honestly. After each round every
// model that answered sees the others' answers, anonymised and shuffled, with its own, and may revise;
// it says as structured output whether it changed its position and why. Each round is kept; the final
// opinions are each model's latest answer (a failed revision keeps the answer before it).

import type { ModelMessage } from "ai";
import { z } from "zod";
import type { DebateRound, ModelOpinion, Stance } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import { scrub } from "../../contract/scrub.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { LanguageModelFactory } from "../../providers/create-language-model.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import type { HistoryMessage } from "../asking/asker.ts";
import { buildContext } from "../asking/conversation-context.ts";
import { deduplicateCitations } from "../model-call/citations.ts";
import { type CallPolicy, callModelForObject } from "../model-call/retried-call.ts";
import { textProgress } from "../model-call/text-progress.ts";
import { anonymise } from "./anonymise.ts";

/** What a model told to take `stance` is asked to do. */
export function stanceInstruction(stance: Stance): string {
  if (stance === "neutral")
    return "Weigh both sides evenly; take a side only as far as the evidence clearly favours it.";
  const side = stance === "for" ? "FOR" : "AGAINST";
  return `You have been asked to argue ${side} the proposal in the question. Make the strongest honest case for that side. Where the evidence is against your side, say so plainly: do not invent support.`;
}

const revisionInstructions = [
  "You answered a question; other experts answered it too. Their answers follow, anonymised.",
  "Reconsider your answer in their light. Keep what still holds, correct what they showed wrong, and change",
  "your position only for a good reason. Write your full revised answer, then say whether your position",
  "changed and why.",
].join("\n");

const revisionSchema = z.object({
  answer: z.string().describe("Your full revised answer, in Markdown"),
  changedPosition: z.boolean().describe("Whether your position changed from your previous answer"),
  why: z.string().describe("One line: what changed your mind, or why you kept your position"),
});

/** One debater: its model and the side it argues, if any. */
export interface Debater {
  entry: ModelEntry;
  stance?: Stance | undefined;
}

/** How the council's own calls (debate rounds, reviews) are made, and where their progress goes. */
export interface CouncilCalls {
  createModel: LanguageModelFactory;
  policy: CallPolicy;
  onEvent: (event: ConsultationEvent) => void;
  /** Report the text as it forms. */
  stream: boolean;
}

/**
 * Runs rounds 2..`rounds` after `first` (the first opinions, in the order of `debaters`). Returns every
 * round and each model's final answer.
 */
export async function debate(
  question: string,
  history: readonly HistoryMessage[],
  first: readonly ModelOpinion[],
  debaters: readonly Debater[],
  rounds: number,
  dependencies: CouncilCalls,
): Promise<{ rounds: DebateRound[]; final: ModelOpinion[] }> {
  const kept: DebateRound[] = [{ round: 1, opinions: [...first] }];
  let latest = [...first];
  for (let round = 2; round <= rounds; round += 1) {
    const answered = latest.filter((opinion) => !opinion.error);
    if (answered.length < 2) break;
    dependencies.onEvent({ type: "round-started", round, models: answered.map((opinion) => opinion.model) });
    const revised = await Promise.all(
      latest.map(async (previous, index) => {
        const debater = debaters[index];
        if (previous.error || !debater) return { opinion: previous, change: undefined };
        return revise(question, history, previous, answered, debater, dependencies);
      }),
    );
    kept.push({
      round,
      opinions: revised.map((result) => result.opinion),
      changes: revised.flatMap((result) => (result.change ? [result.change] : [])),
    });
    latest = revised.map((result, index) =>
      result.opinion.error ? (latest[index] as ModelOpinion) : result.opinion,
    );
  }
  return { rounds: kept, final: latest };
}

async function revise(
  question: string,
  history: readonly HistoryMessage[],
  previous: ModelOpinion,
  answered: readonly ModelOpinion[],
  debater: Debater,
  dependencies: CouncilCalls,
) {
  const { entry } = debater;
  const others = anonymise(answered.filter((opinion) => opinion.model !== previous.model));
  const instructions = [
    revisionInstructions,
    ...(debater.stance ? [stanceInstruction(debater.stance)] : []),
  ].join("\n");
  const prompt = `## Question\n\n${question}\n\n## Your previous answer\n\n${previous.response}\n\n## The other answers\n\n${others.text}`;
  const context = buildContext(history, prompt, instructions, entry.contextWindow);
  const progress = dependencies.stream
    ? textProgress(entry.name, "revision", dependencies.onEvent, dependencies.policy.secrets, "answer")
    : undefined;
  const { opinion, object } = await callModelForObject(
    {
      entry,
      model: dependencies.createModel(entry),
      instructions,
      messages: context.messages as ModelMessage[],
      ...(progress ? { streamTo: progress } : {}),
    },
    revisionSchema,
    dependencies.policy,
  );
  progress?.flush();
  if (!object) {
    return {
      opinion,
      change: { model: entry.name, changedPosition: false, why: `could not revise: ${opinion.response}` },
    };
  }
  return {
    opinion: {
      ...opinion,
      response: scrub(object.answer, dependencies.policy.secrets),
      citations: deduplicateCitations([...previous.citations, ...opinion.citations]),
    },
    change: { model: entry.name, changedPosition: object.changedPosition, why: object.why },
  };
}

/** The stances, each naming a model of the consultation; throws invalid_argument otherwise. */
export function checkedStances(
  stances: Record<string, Stance> | undefined,
  models: readonly ModelEntry[],
): Record<string, Stance> | undefined {
  if (!stances || Object.keys(stances).length === 0) return undefined;
  const names = models.map((entry) => entry.name);
  const strangers = Object.keys(stances).filter((name) => !names.includes(name));
  if (strangers.length > 0) {
    throw new ServiceError(
      "invalid_argument",
      `stances names ${strangers.join(", ")}, not in this consultation (${names.join(", ")}). Give stances only for the models asked.`,
    );
  }
  return stances;
}
