// GPQA (Rein et al.), as its CSV files ship (gpqa_diamond.csv and the others). The mapping:
//   Record ID                     -> id "gpqa-<Record ID>" (derived from the question when absent)
//   Question                      -> question
//   Correct Answer,
//   Incorrect Answer 1, 2 and 3   -> choices, in an order shuffled by the seed and the record (so the right
//                                    one is not always A, and the same seed always gives the same letters)
//   the correct answer's letter   -> answer
//   High-level domain, Subdomain  -> tags
// Other columns (the writers' and validators' notes) are not used. The shuffle is the same every time
// for the same seed and record, so a rerun, or another machine, lays a question out in the same order.

import { createHash } from "node:crypto";
import { choiceLetter, type QuestionLine } from "../question.ts";
import type { QuestionFormat } from "./question-format.ts";

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

/** A copy of `items` in an order fixed by `seed` and `key` (Fisher-Yates, numbers from SHA-256). */
function seededShuffle<Item>(items: readonly Item[], seed: string, key: string): Item[] {
  const next = seededIntegers(`${seed}\u0000${key}`);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = next() % (index + 1);
    [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
  }
  return copy;
}

/** Unsigned 32-bit integers from `seed`: eight from each SHA-256 digest of the seed and a counter. */
function seededIntegers(seed: string): () => number {
  let counter = 0;
  let digest = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset === digest.length) {
      digest = createHash("sha256").update(`${seed}\u0000${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = digest.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}
