// MMLU-Pro (TIGER-Lab), as JSON rows: a JSONL file, a JSON array, or the dataset viewer's `{"rows": [...]}`,
// which is also how its Parquet files look converted to JSON. The mapping:
//   question_id  -> id "mmlu-pro-<question_id>"
//   question     -> question
//   options      -> choices, lettered A to J in order; trailing "N/A" padding left out
//   answer_index -> answer, as its letter (0 is A); else `answer`, the letter itself; a row with both
//                   must have them agree
//   category     -> tags
// Other fields (cot_content, src) are not used.

import { choiceLetter, type QuestionLine } from "../question.ts";
import type { QuestionFormat } from "./question-format.ts";

/** MMLU-Pro rows. */
export const mmluProFormat: QuestionFormat = {
  name: "mmlu-pro",
  layout: "json",
  recognises: (fields) => "question" in fields && Array.isArray(fields.options),
  convert: (fields) => {
    const { question_id: id, question, options, answer, answer_index: answerIndex, category } = fields;
    if (!Array.isArray(options)) return { problem: '"options" must be an array of the choices\' texts' };
    const choices = [...options];
    while (choices.length > 0 && String(choices.at(-1)).trim() === "N/A") choices.pop();
    const indexLetter =
      answerIndex === undefined || answerIndex === null ? undefined : choiceLetter(Number(answerIndex));
    const letter = typeof answer === "string" ? answer.trim().toUpperCase() : undefined;
    if (indexLetter !== undefined && letter !== undefined && indexLetter !== letter) {
      return {
        problem: `"answer" ${letter} and "answer_index" ${String(answerIndex)} disagree: correct one of them`,
      };
    }
    const line: QuestionLine = {
      question: question as string,
      choices,
      ...(id !== undefined && id !== null ? { id: `mmlu-pro-${String(id)}` } : {}),
      ...(indexLetter !== undefined || letter !== undefined ? { answer: indexLetter ?? letter } : {}),
      ...(typeof category === "string" && category.trim() !== "" ? { tags: [category] } : {}),
    };
    return { line };
  },
};
