// GPQA (Rein et al.), as its CSV files ship (gpqa_diamond.csv and the others). The mapping:
//   Record ID                     -> id "gpqa-<Record ID>" (derived from the question when absent)
//   Question                      -> question
//   Correct Answer,
//   Incorrect Answer 1, 2 and 3   -> choices, in an order shuffled by the seed and the record (so the right
//                                    one is not always A, and the same seed always gives the same letters)
//   the correct answer's letter   -> answer
//   High-level domain, Subdomain  -> tags
// Other columns (the writers' and validators' notes) are not used.

import { choiceLetter, type QuestionLine } from "../question.ts";
import type { QuestionFormat } from "./question-format.ts";
import { seededShuffle } from "./seeded-shuffle.ts";

const incorrectColumns = ["Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3"];

/** GPQA's CSV. */
export const gpqaFormat: QuestionFormat = {
  name: "gpqa",
  layout: "csv",
  columns: ["Question", "Correct Answer", ...incorrectColumns],
  recognises: (fields) => "Correct Answer" in fields && "Incorrect Answer 1" in fields,
  convert: (fields, options) => {
    const cell = (column: string) => String(fields[column] ?? "").trim();
    const correct = cell("Correct Answer");
    const incorrect = incorrectColumns.map(cell).filter((text) => text !== "");
    if (correct === "") return { problem: '"Correct Answer" is empty: give the right answer\'s text' };
    if (incorrect.length === 0)
      return { problem: '"Incorrect Answer 1" is empty: give a wrong answer\'s text' };
    const record = cell("Record ID");
    const texts = [correct, ...incorrect];
    const order = seededShuffle(
      texts.map((_, index) => index),
      options.seed,
      record || cell("Question"),
    );
    const tags = [cell("High-level domain"), cell("Subdomain")].filter((tag) => tag !== "");
    const line: QuestionLine = {
      question: cell("Question"),
      choices: order.map((index) => texts[index] as string),
      answer: choiceLetter(order.indexOf(0)),
      tags,
      ...(record ? { id: `gpqa-${record}` } : {}),
    };
    return { line };
  },
};
