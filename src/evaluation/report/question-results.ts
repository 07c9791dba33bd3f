// The per-question results of a stored run: each question with every strategy's answer to it, graded,
// and what that answer changed against the best single model's (fixed, broken or unchanged), so a reader
// can see which questions the council fixed or broke, and check the agreement statistics answer by
// answer (each answer's agreement score beside whether it was right). The counts of fixed and broken
// answers here are the report's comparisons, question by question: both use `answerChange`.

import type {
  AnswerChange,
  EvaluationJudgement,
  EvaluationStrategy,
  QuestionAnswer,
  QuestionResult,
  QuestionResultPage,
} from "../../contract/evaluation.ts";
import type {
  EvaluationAnswerRecord,
  EvaluationQuestionRecord,
  EvaluationResults,
} from "../../store/evaluations.ts";

/** The grades of an answer and of the best single model's answer to the same question. */
interface Graded {
  correct: boolean | null;
}

/**
 * What `candidate` changed against `baseline`, the best single model's answer to the same question:
 * fixed (baseline wrong, candidate right), broken (baseline right, candidate wrong) or unchanged;
 * undefined when either is missing or was not graded (no reference).
 */
export function answerChange(
  candidate: Graded | undefined,
  baseline: Graded | undefined,
): AnswerChange | undefined {
  if (!candidate || !baseline || candidate.correct === null || baseline.correct === null) return undefined;
  if (candidate.correct === baseline.correct) return "unchanged";
  return candidate.correct ? "fixed" : "broken";
}

/** Which of the run's questions to show: from `offset`, at most `limit` (every one when absent). */
export interface QuestionWindow {
  offset?: number;
  limit?: number;
}

/**
 * The page `window` of `questions` (in the run's order) with each of `strategies`' answers from
 * `results`, in that order.
 */
export function questionResults(
  questions: readonly EvaluationQuestionRecord[],
  strategies: readonly EvaluationStrategy[],
  results: EvaluationResults,
  window: QuestionWindow = {},
): QuestionResultPage {
  const offset = window.offset ?? 0;
  const end =
    window.limit === undefined ? questions.length : Math.min(questions.length, offset + window.limit);
  const shown = questions.slice(offset, end);
  const ids = new Set(shown.map((question) => question.id));
  const answersOf = new Map<string, EvaluationAnswerRecord[]>();
  for (const answer of results.answers) {
    if (!ids.has(answer.questionId)) continue;
    answersOf.set(answer.questionId, [...(answersOf.get(answer.questionId) ?? []), answer]);
  }
  const judgementsOf = new Map<string, EvaluationJudgement[]>();
  for (const judgement of results.judgements) {
    if (!ids.has(judgement.questionId)) continue;
    judgementsOf.set(judgement.questionId, [...(judgementsOf.get(judgement.questionId) ?? []), judgement]);
  }
  return {
    total: questions.length,
    offset,
    nextOffset: end < questions.length ? end : null,
    items: shown.map((question) =>
      questionResult(
        question,
        strategies,
        answersOf.get(question.id) ?? [],
        judgementsOf.get(question.id) ?? [],
      ),
    ),
  };
}

/** One question with its answers. */
function questionResult(
  question: EvaluationQuestionRecord,
  strategies: readonly EvaluationStrategy[],
  answers: readonly EvaluationAnswerRecord[],
  judgements: readonly EvaluationJudgement[],
): QuestionResult {
  const baseline = answers.find((answer) => answer.strategy === "best-single");
  return {
    id: question.id,
    question: question.question,
    ...(question.choices ? { choices: question.choices } : {}),
    reference: question.answer ?? null,
    tags: question.tags,
    answers: strategies.flatMap((strategy): QuestionAnswer[] => {
      const answer = answers.find((candidate) => candidate.strategy === strategy);
      if (!answer) return [];
      const { questionId: _question, opinions: _opinions, ...shown } = answer;
      return [
        {
          ...shown,
          change: strategy === "best-single" ? null : (answerChange(answer, baseline) ?? null),
          verdicts: judgements
            .filter((judgement) => judgement.first === strategy && judgement.second === "best-single")
            .map((judgement) => ({ judge: judgement.judge, outcome: outcomeOf(judgement.winner) })),
        },
      ];
    }),
  };
}

/** A judgement's winner as the outcome for its first strategy. */
function outcomeOf(winner: EvaluationJudgement["winner"]): QuestionAnswer["verdicts"][number]["outcome"] {
  if (winner === "first") return "won";
  if (winner === "second") return "lost";
  return winner;
}
