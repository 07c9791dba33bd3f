// SimpleQA (OpenAI), as its CSV ships (simple_qa_test_set.csv). The mapping:
//   problem  -> question
//   answer   -> answer (a short free answer, graded by exact match after normalisation)
//   metadata -> tags: its "topic" and "answer_type" (the column holds a Python dict written as text)
// SimpleQA has no ids: each is derived from the question's text.

import type { QuestionLine } from "../question.ts";
import type { QuestionFormat } from "./question-format.ts";

/** SimpleQA's CSV. */
export const simpleQaFormat: QuestionFormat = {
  name: "simpleqa",
  layout: "csv",
  columns: ["problem", "answer"],
  recognises: (fields) => "problem" in fields && "answer" in fields,
  convert: (fields) => {
    const metadata = String(fields.metadata ?? "");
    const tags = ["topic", "answer_type"].flatMap((key) => {
      const value = new RegExp(`['"]${key}['"]\\s*:\\s*(['"])(.*?)\\1`).exec(metadata)?.[2]?.trim();
      return value ? [value] : [];
    });
    const line: QuestionLine = { question: String(fields.problem ?? ""), tags };
    const answer = String(fields.answer ?? "").trim();
    return { line: answer === "" ? line : { ...line, answer } };
  },
};
