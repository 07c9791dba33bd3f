// Every question set format by name, and how a file's format is told when none is named: JSON is MMLU-Pro
// when its first record has an `options` array, and our own format otherwise; a CSV file is GPQA or
// SimpleQA by its header.

import { QuestionSetError } from "../question-set-error.ts";
import { gpqaFormat } from "./gpqa.ts";
import { jsonlFormat } from "./jsonl.ts";
import { mmluProFormat } from "./mmlu-pro.ts";
import type { FormatName, QuestionFormat } from "./question-format.ts";
import { simpleQaFormat } from "./simpleqa.ts";

/** The formats by name. */
export const questionFormats: Record<FormatName, QuestionFormat> = {
  jsonl: jsonlFormat,
  "mmlu-pro": mmluProFormat,
  gpqa: gpqaFormat,
  simpleqa: simpleQaFormat,
};

/** In the order they are tried: the specific before the general. */
const detectionOrder = [mmluProFormat, gpqaFormat, simpleQaFormat, jsonlFormat];

/** The file's layout, from its first character: JSON starts with `{` or `[`, anything else is CSV. */
export function layoutOf(text: string): "json" | "csv" {
  return /^\uFEFF?\s*[[{]/.test(text) ? "json" : "csv";
}

/**
 * The format whose records look like `first` (a CSV file's header): JSON that is not MMLU-Pro is read as our
 * own format, whose schema then names what each line lacks; a CSV file that is neither GPQA nor SimpleQA is
 * an error naming both.
 */
export function detectFormat(
  source: string,
  layout: "json" | "csv",
  first: Record<string, unknown>,
): QuestionFormat {
  const found = detectionOrder.find((format) => format.layout === layout && format.recognises(first));
  if (found) return found;
  const columns = Object.keys(first)
    .map((name) => `"${name}"`)
    .join(", ");
  throw new QuestionSetError(
    `${source}: a CSV file with the columns ${columns} is not a known question set: GPQA needs "Question", "Correct Answer" and "Incorrect Answer 1" to 3, SimpleQA "problem" and "answer"; our own format is JSON, one {"question": "..."} a line`,
  );
}
