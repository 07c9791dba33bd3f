// Adaptive consultation (`strategy: "adaptive"`): the two cheapest models of different families answer
// first; when they agree, their synthesis is the answer, and the rest of the panel is never asked. They
// agree when the synthesis's agreement score is at or above the threshold or, for a multiple-choice
// question (lettered options, one a line), when both state the same letter ("Answer: C"); two different
// letters disagree whatever the score. Otherwise the rest are asked, the first two answers kept. This
// file picks the two (or says why the whole panel is asked at once), decides whether they agree, and
// opens a panel consultation accordingly (panel-asker.ts goes on from there).

import type { AdaptiveOutcome, ModelOpinion, Synthesis } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import { estimateCallCost } from "../planning/cost-budget.ts";
import { familyOf } from "./model-families.ts";
import { choiceLetters, statedChoice } from "./stated-choice.ts";

/** Who is asked first, or why everyone is asked at once. */
export type FirstRound<Participant> =
  | { first: [Participant, Participant]; rest: Participant[] }
  | { full: string };

/**
 * The two cheapest of `participants` (by the estimated cost of one answer to a prompt of `promptTokens`;
 * a model of unknown price last) whose families differ, and the rest in their order; or why the whole
 * panel is asked at once: fewer than three models, or a single family.
 */
export function firstRound<Participant extends { entry: ModelEntry }>(
  participants: readonly Participant[],
  promptTokens: number,
): FirstRound<Participant> {
  if (participants.length < 3) {
    return {
      full: `only ${participants.length} ${participants.length === 1 ? "model was" : "models were"} to be asked, so asking two first would save nothing: all were asked at once`,
    };
  }
  const cost = (participant: Participant) =>
    estimateCallCost(participant.entry, promptTokens) ?? Number.POSITIVE_INFINITY;
  const cheapest = [...participants].sort((a, b) => cost(a) - cost(b));
  const [first] = cheapest as [Participant];
  const family = familyOf(first.entry);
  const second = cheapest.find((participant) => familyOf(participant.entry).id !== family.id);
  if (!second) {
    return {
      full: `every model asked is of one family (${family.name}), so no two of different vendors could check each other: all were asked at once`,
    };
  }
  return {
    first: [first, second],
    rest: participants.filter((participant) => participant !== first && participant !== second),
  };
}

/** Whether the first two settled the question, why, and the agreement score it was decided on. */
export interface FirstRoundVerdict {
  agree: boolean;
  reason: string;
  agreement?: number;
}

/**
 * Whether the first two `opinions` (both answered) agree, by their stated choices on a multiple-choice
 * `question`, else by `synthesis`'s agreement score against `threshold`.
 */
export function firstTwoAgree(
  question: string,
  opinions: readonly ModelOpinion[],
  synthesis: Synthesis,
  threshold: number,
): FirstRoundVerdict {
  const score = synthesis.error ? undefined : synthesis.assessment?.agreement.score;
  const scored = score !== undefined ? { agreement: score } : {};
  const names = opinions.map((opinion) => opinion.model).join(" and ");
  const letters = choiceLetters(question);
  const choices = opinions.map((opinion) => statedChoice(opinion.response, letters));
  if (letters.length > 0 && choices.every((choice) => choice !== undefined)) {
    const [a, b] = choices as [string, string];
    return a === b
      ? { agree: true, reason: `${names} both chose ${a}`, ...scored }
      : {
          agree: false,
          reason: `${opinions.map((opinion, index) => `${opinion.model} chose ${choices[index]}`).join(", ")}`,
          ...scored,
        };
  }
  if (synthesis.error) {
    return {
      agree: false,
      reason: `no synthesis of ${names} could be written, so their agreement is unknown`,
    };
  }
  if (score === undefined) {
    return {
      agree: false,
      reason: `the synthesis of ${names} gave no agreement score (${synthesis.assessmentError ?? "no assessment"})`,
    };
  }
  const why = synthesis.assessment?.agreement.reason ?? "";
  return score >= threshold
    ? {
        agree: true,
        reason: `${names} agree: agreement ${score} is at or above ${threshold} (${why})`,
        agreement: score,
      }
    : {
        agree: false,
        reason: `${names} disagree: agreement ${score} is below ${threshold} (${why})`,
        agreement: score,
      };
}

/**
 * Why an adaptive consultation asks every model at once though adaptive was asked for, or undefined when it
 * need not: a review and debate rounds need every model's answer, and without a synthesis there is no
 * agreement to judge.
 */
export function reasonToAskAll(panel: {
  review?: boolean | undefined;
  rounds: number;
  synthesis: boolean;
}): string | undefined {
  if (panel.review || panel.rounds > 1)
    return "review and debate rounds need every model's answer, so all were asked at once";
  if (!panel.synthesis)
    return "no synthesis was asked for, so there is no agreement to judge: all were asked at once";
  return undefined;
}

/** How a panel consultation opens: whom its answer is made of, and for an adaptive consultation what was done first. */
export interface Opening<Participant> {
  /** The participants whose opinions make the answer. */
  asked: Participant[];
  /** Opinions already asked (an adaptive consultation's first two): reused, never asked again. */
  early: Map<Participant, Promise<ModelOpinion>>;
  adaptive?: AdaptiveOutcome;
  /** The first two's synthesis; the answer's own when they agreed. */
  firstSynthesis?: Synthesis;
}

/** What opening a consultation needs: how to ask, wait, synthesise and report. */
export interface OpeningSteps<Participant> {
  question: string;
  /** Whether the consultation writes a synthesis. */
  synthesis: boolean;
  askOpinion: (participant: Participant) => Promise<ModelOpinion>;
  /** The opinions of `calls` in by the answer-by time (undefined for those still running). */
  settle: (calls: readonly Promise<ModelOpinion>[]) => Promise<(ModelOpinion | undefined)[]>;
  synthesise: (opinions: readonly ModelOpinion[]) => Promise<Synthesis>;
  onEvent: (event: ConsultationEvent) => void;
}

/**
 * Opens a consultation over `participants`. Without `adaptive`, all are asked. With it, unless `adaptive.full`
 * says why all are asked at once, the first two (see {@link firstRound}) are asked and synthesised: when
 * they agree, they are the answer; else `adaptive-escalated` announces the rest, who are asked next.
 */
export async function beginAsking<Participant extends { entry: ModelEntry }>(
  participants: readonly Participant[],
  adaptive: { threshold: number; promptTokens: number; full?: string | undefined } | undefined,
  steps: OpeningSteps<Participant>,
): Promise<Opening<Participant>> {
  const early = new Map<Participant, Promise<ModelOpinion>>();
  const opening = adaptive
    ? adaptive.full !== undefined
      ? { full: adaptive.full }
      : firstRound(participants, adaptive.promptTokens)
    : undefined;
  if (!adaptive || !opening || "full" in opening) {
    steps.onEvent({
      type: "consultation-started",
      models: participants.map((participant) => participant.entry.name),
      synthesis: steps.synthesis,
    });
    const full = opening && "full" in opening ? opening.full : undefined;
    return {
      asked: [...participants],
      early,
      ...(adaptive && full !== undefined
        ? { adaptive: { path: "full", reason: full, threshold: adaptive.threshold, firstModels: [] } }
        : {}),
    };
  }
  const { threshold } = adaptive;
  const firstModels = opening.first.map(({ entry }) => entry.name);
  steps.onEvent({ type: "consultation-started", models: firstModels, synthesis: true });
  for (const participant of opening.first) early.set(participant, steps.askOpinion(participant));
  const settled = await steps.settle([...early.values()]);
  const answered = settled.filter((opinion): opinion is ModelOpinion => opinion !== undefined);
  const missing = firstModels.filter((_model, index) => settled[index] === undefined);
  const failed = answered.filter((opinion) => opinion.error).map((opinion) => opinion.model);
  let firstSynthesis: Synthesis | undefined;
  let verdict: FirstRoundVerdict;
  if (missing.length > 0) {
    verdict = { agree: false, reason: `${missing.join(" and ")} had not answered by the answer-by time` };
  } else if (failed.length > 0) {
    verdict = {
      agree: false,
      reason: `${failed.join(" and ")} failed, so the first two could not settle it`,
    };
  } else {
    firstSynthesis = await steps.synthesise(answered);
    verdict = firstTwoAgree(steps.question, answered, firstSynthesis, threshold);
  }
  const score = verdict.agreement !== undefined ? { agreement: verdict.agreement } : {};
  const synthesised = firstSynthesis ? { firstSynthesis } : {};
  if (verdict.agree) {
    return {
      asked: participants.filter((participant) => early.has(participant)),
      early,
      adaptive: { path: "cheap", reason: verdict.reason, ...score, threshold, firstModels },
      ...synthesised,
    };
  }
  steps.onEvent({
    type: "adaptive-escalated",
    models: opening.rest.map(({ entry }) => entry.name),
    reason: verdict.reason,
    ...score,
  });
  return {
    asked: [...participants],
    early,
    adaptive: { path: "escalated", reason: verdict.reason, ...score, threshold, firstModels },
    ...synthesised,
  };
}
