// The question set that ships with AI Universe, written for it and checked by hand: arithmetic, logic,
// code behaviour, dates and units, and common misconceptions, each with a reference answer that can be
// checked exactly. Kept as TypeScript modules rather than a .jsonl file so that the bundled command
// (dist/cli) carries it with no file to find at run time; `builtInQuestionLines` writes it as JSONL.

import { jsonlFormat } from "../formats/jsonl.ts";
import { defaultSeed, type QuestionSet, questionSetOf } from "../load-question-set.ts";
import type { QuestionLine } from "../question.ts";
import { arithmeticQuestions } from "./arithmetic.ts";
import { codeQuestions } from "./code.ts";
import { datesAndUnitsQuestions } from "./dates-and-units.ts";
import { logicQuestions } from "./logic.ts";
import { misconceptionQuestions } from "./misconceptions.ts";

/** The name that stands for the built-in set where a question file is expected. */
export const builtInSource = "built-in";

const lines: readonly QuestionLine[] = [
  ...arithmeticQuestions,
  ...logicQuestions,
  ...codeQuestions,
  ...datesAndUnitsQuestions,
  ...misconceptionQuestions,
];

/** The built-in question set, checked by the same schema as a question file. */
export function builtInQuestionSet(): QuestionSet {
  const records = lines.map((fields, index) => ({ where: `question ${index + 1}`, fields }));
  return questionSetOf(builtInSource, jsonlFormat, records, defaultSeed);
}

/** The built-in set as a JSONL file's text, to read or to copy as the start of one's own. */
export function builtInQuestionLines(): string {
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}
