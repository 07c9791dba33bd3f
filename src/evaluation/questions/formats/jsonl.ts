// Our own format: JSON Lines, each line a question line as `question.ts` describes it, taken as written.

import type { QuestionLine } from "../question.ts";
import type { QuestionFormat } from "./question-format.ts";

/** AI Universe's question set format; a JSON array of the same objects is read too. */
export const jsonlFormat: QuestionFormat = {
  name: "jsonl",
  layout: "json",
  recognises: () => true,
  convert: (fields) => ({ line: fields as QuestionLine }),
};
