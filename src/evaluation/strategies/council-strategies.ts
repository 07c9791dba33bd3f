// The strategies that consult the panel as agent.second_opinion does: the council (every model at once,
// then the synthesis), the council with review (every model ranks the others' answers before the
// synthesis), and adaptive consultation (two cheap models first, the rest only when they disagree). Each
// keeps the panel's opinions, which the majority vote reads.

import type { EvaluationStrategy } from "../../contract/evaluation.ts";
import type { SecondOpinionInput } from "../../contract/inputs.ts";
import type { EvaluationAnswerRecord } from "../../store/evaluations.ts";
import { graded, type Strategy, type StrategyContext, unanswered } from "./strategy-context.ts";

/** The second-opinion input of each council strategy, beside the panel and the question. */
function inputOf(strategy: EvaluationStrategy, context: StrategyContext): Partial<SecondOpinionInput> {
  // Named explicitly where the input takes it, so a panel whose own default is adaptive stays a council.
  const full = context.strategyInput ? { strategy: "full" as const } : {};
  if (strategy === "council-review") return { ...full, review: true };
  if (strategy === "adaptive") return { strategy: "adaptive" };
  return full;
}

/** A strategy consulting the panel as `strategy` says. */
function councilStrategy(strategy: "council" | "council-review" | "adaptive"): Strategy {
  return async (context) => {
    const { question } = context;
    const consulted = await context.calls.consult(
      { ...context.councilInput, ...inputOf(strategy, context), question: context.prompt },
      context.signal,
    );
    const answer: EvaluationAnswerRecord = {
      questionId: question.id,
      strategy,
      answer: consulted.text,
      ...(consulted.failure ? unanswered(question) : graded(question, consulted.text)),
      costUsd: consulted.costUsd,
      latencyMs: consulted.latencyMs,
      ...(consulted.agreement !== undefined ? { agreement: consulted.agreement } : {}),
      ...(consulted.adaptivePath ? { adaptivePath: consulted.adaptivePath } : {}),
      ...(consulted.failure ? { failure: consulted.failure } : {}),
      opinions: consulted.opinions.map((opinion) => ({
        model: opinion.model,
        answer: opinion.text,
        costUsd: opinion.costUsd,
        latencyMs: opinion.latencyMs,
        ...(opinion.failure ? { failed: true } : {}),
      })),
    };
    return answer;
  };
}

export const council = councilStrategy("council");
export const councilReview = councilStrategy("council-review");
export const adaptive = councilStrategy("adaptive");
