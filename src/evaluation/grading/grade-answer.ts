// Grades a reply against a question's reference answer: a multiple-choice question by the letter the
// reply picks (match-choice.ts), any other by exact match (exact-match.ts). A question without a
// reference cannot be graded this way; its answers are judged pairwise instead (judging/).

import type { Question } from "../questions/question.ts";
import { exactMatch } from "./exact-match.ts";
import { chosenLetter } from "./match-choice.ts";

/** A graded reply: whether it is right, what it answered (a letter, or the stated answer), and how it was read. */
export interface Grade {
  correct: boolean;
  /** The letter picked, or the stated answer; undefined when a multiple-choice reply picks no choice. */
  given: string | undefined;
  method: "choice" | "exact";
}

/** The grade of `reply`, or undefined when `question` has no reference answer. */
export function gradeAnswer(question: Question, reply: string): Grade | undefined {
  if (question.answer === undefined) return undefined;
  if (question.choices) {
    const given = chosenLetter(reply, question.choices);
    return { correct: given === question.answer, given, method: "choice" };
  }
  const { correct, given } = exactMatch(reply, question.answer);
  return { correct, given, method: "exact" };
}
