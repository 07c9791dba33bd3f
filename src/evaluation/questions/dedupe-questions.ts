// Makes a question set's ids unique, as results are stored and resumed by id: a question written twice
// (same text, choices and answer under the same id) is kept once; a different question under an id
// already taken gets the id with "-2", "-3"... Each change is a note for the person running the set.

import type { Question } from "./question.ts";

/** A question and where it is in its file. */
export interface PlacedQuestion {
  where: string;
  question: Question;
}

/** The questions with unique ids, in file order, and a note for each one left out or renamed. */
export function dedupeQuestions(placed: readonly PlacedQuestion[]): {
  questions: Question[];
  notes: string[];
} {
  const byId = new Map<string, PlacedQuestion>();
  const questions: Question[] = [];
  const notes: string[] = [];
  for (const entry of placed) {
    const { id } = entry.question;
    const earlier = byId.get(id);
    if (earlier && sameQuestion(earlier.question, entry.question)) {
      notes.push(`${entry.where} repeats ${earlier.where} (id "${id}"): left out`);
      continue;
    }
    let unique = id;
    for (let suffix = 2; byId.has(unique); suffix += 1) unique = `${id}-${suffix}`;
    if (earlier) notes.push(`${entry.where}: id "${id}" is taken by ${earlier.where}: renamed "${unique}"`);
    const question = { ...entry.question, id: unique };
    byId.set(unique, { where: entry.where, question });
    questions.push(question);
  }
  return { questions, notes };
}

function sameQuestion(one: Question, other: Question): boolean {
  const key = ({ question, choices, answer }: Question) => JSON.stringify([question, choices, answer]);
  return key(one) === key(other);
}
