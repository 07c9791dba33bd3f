// What a model is asked for a question: its text, its choices lettered one a line, and how to finish, so
// that the stated answer is found by its label (grading/extract-answer.ts) rather than guessed.

import { choiceLetter, type Question } from "./question.ts";

/** The prompt for `question`: the text, the lettered choices, and the "Answer:" line to end with. */
export function questionPrompt(question: Question): string {
  if (!question.choices) {
    return `${question.question}\n\nEnd your reply with a last line "Answer: <your answer>", giving only the answer there.`;
  }
  const choices = question.choices.map((choice, index) => `${choiceLetter(index)}) ${choice}`).join("\n");
  return `${question.question}\n\n${choices}\n\nEnd your reply with a last line "Answer: <letter>", giving only the letter of your choice there.`;
}
