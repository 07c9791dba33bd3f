// The question set that ships with AI Universe, written for it and checked by hand, in the format of a
// question file (one question a line, each with a reference answer that can be checked exactly, and a
// `note` working it out where that takes more than a line):
// - arithmetic.json: school arithmetic;
// - logic.json: syllogisms, orderings, truth-tellers;
// - code.json: what a short JavaScript or Python program prints (a test runs every JavaScript program, and
//   every Python one where Python 3 is installed, and checks the answer);
// - dates-and-units.json: calendar arithmetic and units, dates as YYYY-MM-DD and times as HH:MM;
// - misconceptions.json: where the popular answer is wrong and the settled one is right.
// Imported as JSON, so the bundled command (dist/cli) carries them with no file to find at run time;
// `builtInQuestionLines` writes the set as JSONL.

import { jsonlFormat } from "../formats/jsonl.ts";
import { defaultSeed, type QuestionSet, questionSetOf } from "../load-question-set.ts";
import type { QuestionLine } from "../question.ts";
import arithmetic from "./arithmetic.json" with { type: "json" };
import code from "./code.json" with { type: "json" };
import datesAndUnits from "./dates-and-units.json" with { type: "json" };
import logic from "./logic.json" with { type: "json" };
import misconceptions from "./misconceptions.json" with { type: "json" };

/** The name that stands for the built-in set where a question file is expected. */
export const builtInSource = "built-in";

const lines: readonly QuestionLine[] = [
  ...arithmetic,
  ...logic,
  ...code,
  ...datesAndUnits,
  ...misconceptions,
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
