// The synthesis stage: one model reads every successful opinion (and what the council did: stances,
// debate rounds, the review) and writes where they agree, where they differ and why, one answer, and
// the sources, with a structured assessment next to its text. A model that cannot give the structured
// answer writes the plain synthesis instead, saying why the assessment is missing; when that model
// fails, the next candidate writes it; when all fail, the result says why and whose answer stands.

import type { Citation, ModelOpinion, SecondOpinion, Synthesis } from "../../contract/opinions.ts";
import { scrub } from "../../contract/scrub.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import type { HistoryMessage } from "../asking/asker.ts";
import { buildContext } from "../asking/conversation-context.ts";
import { deduplicateCitations } from "../model-call/citations.ts";
import { structuredAnswerProblem } from "../model-call/describe-failure.ts";
import { callModel, callModelForObject } from "../model-call/retried-call.ts";
import { textProgress } from "../model-call/text-progress.ts";
import { estimateCallCost, estimateTokens } from "../planning/cost-budget.ts";
import { assessmentInstructions, assessmentOf, councilSections, synthesisSchema } from "./assessment.ts";
import { claimsOf } from "./claims.ts";
import type { CouncilCalls } from "./debate.ts";
import { type Degradation, degradationOf, honestAssessment, missingSection } from "./degradation.ts";
import { groupByFamily, type ModelFamily } from "./model-families.ts";

/** Instructions given to the synthesis model. */
export const synthesisInstructions = [
  "You write the synthesis of several independent expert answers to one question.",
  "Earlier turns of the conversation, when there are any, come before it: read the question in their light.",
  "Use these sections, in Markdown:",
  "**Agreement**: what the answers agree on.",
  "**Differences**: where they differ, and why (assumptions, knowledge, recency, interpretation).",
  "**Answer**: your single best answer to the question, reconciling the above.",
  "**Sources**: the numbered sources listed below that you used, each once, with its number; leave the section out when there are none.",
  "Where a claim rests on a source, cite it inline by its number, e.g. [2], whichever model found it.",
  "Refer to each answer by its model label. Never invent sources.",
].join("\n");

/** The user message of the synthesis request; each opinion's heading names its family, when one is known. */
export function synthesisPrompt(
  question: string,
  opinions: readonly ModelOpinion[],
  sources: readonly Citation[],
  council = "",
  families: ReadonlyMap<string, ModelFamily> = new Map(),
): string {
  const sections = opinions.map((opinion, index) => {
    const family = families.get(opinion.model);
    const kin = family?.known ? `, family: ${family.name}` : "";
    return `### ${index + 1}. ${opinion.model} (${opinion.modelDisplayName})${kin}\n\n${opinion.response}`;
  });
  const citedBy = (url: string) =>
    opinions
      .filter((opinion) => opinion.citations.some((citation) => citation.url === url))
      .map((opinion) => opinion.model);
  const sourceList =
    sources.length > 0
      ? sources
          .map((source, index) => {
            const models = citedBy(source.url);
            return `[${index + 1}] ${source.title}: ${source.url}${models.length > 0 ? ` (found by ${models.join(", ")})` : ""}`;
          })
          .join("\n")
      : "(none)";
  return `## Question\n\n${question}\n\n## Opinions\n\n${sections.join("\n\n")}\n\n## Sources cited by the opinions\n\n${sourceList}${council ? `\n\n${council}` : ""}`;
}

/** What writing a synthesis needs besides the question and the opinions. */
export interface SynthesisDependencies extends Omit<CouncilCalls, "stream"> {
  remainingMs: () => number;
  /** Stream the synthesis as progress. */
  stream?: boolean;
  /** What the council did, for the synthesis to take into account. */
  council?: Pick<SecondOpinion, "stances" | "rounds" | "review">;
  /** Models asked that had not answered when the answer was due. */
  pendingModels?: readonly string[];
  /** Each model's family (model-families.ts), for the prompt and the family-weighted agreement. */
  families?: ReadonlyMap<string, ModelFamily>;
  /**
   * Under a daily budget, what the call's reservation holds for the synthesis: a candidate is tried
   * only while its worst case (structured, then plain) fits in what the attempts before it left.
   */
  allowanceUsd?: number;
}

/** What every candidate is given, and what the result reports whoever writes it. */
interface SynthesisRequest {
  prompt: string;
  history: readonly HistoryMessage[];
  successful: ModelOpinion[];
  sources: Citation[];
  basedOn: string[];
  /** Who of the panel is missing and why, when anyone is. */
  degradation: Degradation | undefined;
}

/** The attempts so far: who failed and why, and what their calls cost. */
interface Attempts {
  failures: { model: string; error: string }[];
  spentUsd: number;
}

/**
 * Writes the synthesis with the first candidate that succeeds, giving it the conversation so far
 * (trimmed to its window); returns an error synthesis when all fail.
 */
export async function synthesise(
  question: string,
  history: readonly HistoryMessage[],
  opinions: readonly ModelOpinion[],
  candidates: readonly ModelEntry[],
  dependencies: SynthesisDependencies,
): Promise<Synthesis> {
  const request = synthesisRequest(question, history, opinions, dependencies);
  const attempts: Attempts = { failures: [], spentUsd: 0 };
  for (const entry of candidates) {
    const remaining = dependencies.remainingMs();
    if (remaining < 1000) break;
    if (!fitsAllowance(entry, request.prompt, attempts, dependencies.allowanceUsd)) {
      attempts.failures.push({
        model: entry.name,
        error: `${entry.name} was not asked: the call's daily-budget reservation has no room left for it`,
      });
      break;
    }
    const written = await attempt(entry, request, dependencies, remaining);
    const { result } = written;
    const { citations: _citations, ...fields } = result;
    if (!result.error && result.response.trim().length > 0) {
      const { failures, spentUsd } = attempts;
      return {
        ...fields,
        // The synthesis costs what every attempt at it cost.
        ...(spentUsd > 0 ? { cost: (fields.cost ?? 0) + spentUsd } : {}),
        sources: request.sources,
        basedOn: request.basedOn,
        ...(failures.length > 0 ? { fallbackFrom: failures } : {}),
        ...(written.assessment
          ? { assessment: honestAssessment(written.assessment, request.successful, request.degradation) }
          : {}),
        ...(written.assessmentError ? { assessmentError: written.assessmentError } : {}),
      };
    }
    attempts.spentUsd += result.cost ?? 0;
    attempts.failures.push({
      model: entry.name,
      error: result.error ? result.response : "returned an empty synthesis",
    });
  }
  return noSynthesis(candidates, request, attempts);
}

/** The prompt every candidate is given, over the successful opinions and their sources. */
function synthesisRequest(
  question: string,
  history: readonly HistoryMessage[],
  opinions: readonly ModelOpinion[],
  dependencies: SynthesisDependencies,
): SynthesisRequest {
  const successful = opinions.filter((opinion) => !opinion.error);
  const sources = deduplicateCitations(successful.flatMap((opinion) => opinion.citations));
  const families = dependencies.families ?? new Map();
  const degradation = degradationOf(opinions, dependencies.pendingModels ?? [], families);
  const notHeard = missingSection(degradation);
  const prompt = synthesisPrompt(
    question,
    successful,
    sources,
    [councilSections(dependencies.council ?? {}), notHeard].filter((part) => part.length > 0).join("\n\n"),
    dependencies.families,
  );
  const basedOn = successful.map((opinion) => opinion.model);
  return { prompt, history, successful, sources, basedOn, degradation };
}

/**
 * Whether `entry` may be asked: the first candidate always, a fallback only while its worst case
 * (structured, then plain) fits in what the attempts before it left of `allowanceUsd`.
 */
function fitsAllowance(
  entry: ModelEntry,
  prompt: string,
  attempts: Attempts,
  allowanceUsd: number | undefined,
): boolean {
  if (allowanceUsd === undefined || attempts.failures.length === 0) return true;
  // Priced only when a fallback must fit the reservation: pricing walks the price data's rules.
  const worstCase =
    2 * (estimateCallCost(entry, estimateTokens(synthesisInstructions.length + prompt.length)) ?? 0);
  return attempts.spentUsd + worstCase <= allowanceUsd;
}

/** One candidate's attempt within `remainingMs`, announced before and after. */
async function attempt(
  entry: ModelEntry,
  request: SynthesisRequest,
  dependencies: SynthesisDependencies,
  remainingMs: number,
): ReturnType<typeof writeWith> {
  dependencies.onEvent({ type: "synthesis-started", model: entry.name });
  const written = await writeWith(
    entry,
    request.prompt,
    request.history,
    {
      ...dependencies,
      policy: { ...dependencies.policy, deadlineMs: Math.min(dependencies.policy.deadlineMs, remainingMs) },
    },
    request.successful,
    request.sources,
  );
  const { result } = written;
  dependencies.onEvent({
    type: "synthesis-finished",
    model: entry.name,
    error: result.error === true,
    ...(result.error ? { failure: result.response } : {}),
  });
  return written;
}

/** The synthesis when no candidate wrote one: why, and whose answer stands. */
function noSynthesis(
  candidates: readonly ModelEntry[],
  request: SynthesisRequest,
  attempts: Attempts,
): Synthesis {
  const { failures, spentUsd } = attempts;
  const last = candidates[candidates.length - 1];
  const standing = request.successful[0]?.model;
  return {
    model: last?.name ?? "multi-model-synthesis",
    modelId: last?.modelId ?? "none",
    modelDisplayName: last?.displayName ?? "No synthesis model",
    response: `No synthesis could be written: ${failures.map((failure) => failure.error).join(" | ") || "no time was left"}${standing ? ` The answer kept is ${standing}'s.` : ""}`,
    latencyMs: 0,
    ...(spentUsd > 0 ? { cost: spentUsd } : {}),
    sources: request.sources,
    basedOn: request.basedOn,
    error: true,
    fallbackFrom: failures,
    ...(standing ? { fallbackAnswerFrom: standing } : {}),
  };
}

/**
 * One candidate writes the synthesis: as structured output with its assessment, or, when it cannot
 * give that, as plain text with the reason the assessment is missing (both calls' usage counted).
 */
async function writeWith(
  entry: ModelEntry,
  prompt: string,
  history: readonly HistoryMessage[],
  dependencies: SynthesisDependencies,
  successful: readonly ModelOpinion[],
  sources: readonly Citation[] = [],
): Promise<{ result: ModelOpinion; assessment?: Synthesis["assessment"]; assessmentError?: string }> {
  const instructions = `${synthesisInstructions}\n${assessmentInstructions}`;
  const context = buildContext(history, prompt, instructions, entry.contextWindow);
  const progress = dependencies.stream
    ? textProgress(entry.name, "synthesis", dependencies.onEvent, dependencies.policy.secrets, "synthesis")
    : undefined;
  const structured = await callModelForObject(
    {
      entry,
      model: dependencies.createModel(entry),
      instructions,
      messages: context.messages,
      ...(progress ? { streamTo: progress } : {}),
    },
    synthesisSchema,
    dependencies.policy,
  );
  progress?.flush();
  if (structured.object && structured.object.synthesis.trim().length > 0) {
    return {
      result: {
        ...structured.opinion,
        response: scrub(structured.object.synthesis, dependencies.policy.secrets),
      },
      assessment: {
        ...assessmentOf(
          structured.object,
          groupByFamily(
            successful.map((opinion) => opinion.model),
            dependencies.families ?? new Map(),
          ),
        ),
        claims: claimsOf(structured.object.claims, successful, sources),
      },
    };
  }
  if (structured.opinion.error && !structuredOutputRefused(structured.opinion)) {
    return { result: structured.opinion };
  }
  const plainContext = buildContext(history, prompt, synthesisInstructions, entry.contextWindow);
  const plainProgress = dependencies.stream
    ? textProgress(entry.name, "synthesis", dependencies.onEvent, dependencies.policy.secrets)
    : undefined;
  const plain = await callModel(
    {
      entry,
      model: dependencies.createModel(entry),
      instructions: synthesisInstructions,
      messages: plainContext.messages,
      ...(plainProgress ? { streamTo: plainProgress } : {}),
    },
    dependencies.policy,
  );
  plainProgress?.flush();
  return {
    result: withUsageOf(plain, structured.opinion),
    assessmentError: assessmentErrorOf(entry, structured.opinion),
  };
}

/** Why `entry` gave no assessment, in words: never the model's own output. */
function assessmentErrorOf(entry: ModelEntry, structured: ModelOpinion): string {
  if (!structured.error) return `${entry.name}'s assessment came back with an empty synthesis`;
  const problem = structuredAnswerProblem(structured.response);
  return problem
    ? `${entry.name}'s assessment was not in the structured form asked for (${problem})`
    : structured.response;
}

/** `call` with the tokens and cost of `earlier` (a failed attempt that was paid for) added. */
function withUsageOf(call: ModelOpinion, earlier: ModelOpinion): ModelOpinion {
  const add = (a: number | undefined, b: number | undefined) =>
    a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
  const tokensUsed = add(call.tokensUsed, earlier.tokensUsed);
  const cost = add(call.cost, earlier.cost);
  return {
    ...call,
    ...(tokensUsed !== undefined ? { tokensUsed } : {}),
    ...(cost !== undefined ? { cost: Math.round(cost * 1e8) / 1e8 } : {}),
    latencyMs: call.latencyMs + earlier.latencyMs,
  };
}

/**
 * Whether a failed structured call failed for being structured: the answer did not match the schema,
 * or the provider refused the request's schema or JSON mode. Then plain text may still work.
 */
function structuredOutputRefused(failed: ModelOpinion): boolean {
  if (structuredAnswerProblem(failed.response) !== undefined) return true;
  return (
    (failed.errorStatus === 400 || failed.errorStatus === 422) &&
    /schema|json|response_format|structured|output_config|output format/i.test(failed.response)
  );
}
