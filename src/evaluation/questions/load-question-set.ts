// Reads a question set: a file in our JSONL format or a public one (MMLU-Pro, GPQA, SimpleQA), its format
// named or told from its content. Every record becomes a question line checked by one schema; if any
// line is not a question, the error lists each with its line number and the fix, and nothing is loaded.

import { csvRecords } from "./formats/csv-records.ts";
import { detectFormat, layoutOf, questionFormats } from "./formats/formats.ts";
import { jsonRecords } from "./formats/json-records.ts";
import type { FormatName, QuestionFormat, SourceRecord } from "./formats/question-format.ts";
import { type Question, questionLineSchema } from "./question.ts";
import { type LineProblem, QuestionSetError } from "./question-set-error.ts";
import { readQuestionFile } from "./read-question-file.ts";

/** A question set ready to run. */
export interface QuestionSet {
  /** Where it came from: the file's path, or "built-in". */
  source: string;
  format: FormatName;
  questions: Question[];
  /** Questions left out as repeats, or renamed because their id was taken. */
  notes: string[];
}

/** How to read a question set. */
export interface QuestionSetOptions {
  /** The format; told from the file when absent. */
  format?: FormatName;
  /** Seeds the order of GPQA's choices; `defaultSeed` when absent. */
  seed?: string;
}

/** The seed GPQA's choices are shuffled with unless another is given. */
export const defaultSeed = "ai-universe";

/** The question set in the file at `path`; throws `QuestionSetError` naming each problem and its fix. */
export async function loadQuestionSet(path: string, options: QuestionSetOptions = {}): Promise<QuestionSet> {
  return parseQuestionSet(await readQuestionFile(path), path, options);
}

/** The question set in `text`, read from `source` (named in messages). */
export function parseQuestionSet(
  text: string,
  source: string,
  options: QuestionSetOptions = {},
): QuestionSet {
  const layout = layoutOf(text);
  const named = options.format ? questionFormats[options.format] : undefined;
  if (named && named.layout !== layout) {
    const [expected, found] = layout === "csv" ? ["JSON", "CSV"] : ["CSV", "JSON"];
    throw new QuestionSetError(
      `${source}: the format ${named.name} is ${expected}, but the file is ${found}: name the format the file is in, or none to have it told`,
    );
  }
  const { records, problems } =
    layout === "json" ? jsonRecords(text) : { records: csvRecords(text, source), problems: [] };
  const first = records[0];
  if (!first) {
    if (problems.length > 0) throw QuestionSetError.forLines(source, problems);
    throw new QuestionSetError(`${source}: no questions in the file: write one question a line`);
  }
  const format = named ?? detectFormat(source, layout, first.fields);
  const missing = (format.columns ?? []).filter((column) => !(column in first.fields));
  if (missing.length > 0) {
    throw new QuestionSetError(
      `${source}: a ${format.name} CSV file needs the columns ${missing.map((column) => `"${column}"`).join(", ")} in its header line`,
    );
  }
  return questionSetOf(source, format, records, options.seed ?? defaultSeed, problems);
}

/** The questions of `records` in `format`; throws listing `problems` and every record that is not a question. */
export function questionSetOf(
  source: string,
  format: QuestionFormat,
  records: readonly SourceRecord[],
  seed: string,
  problems: LineProblem[] = [],
): QuestionSet {
  const placed: PlacedQuestion[] = [];
  for (const { where, fields } of records) {
    const conversion = format.convert(fields, { seed });
    if ("problem" in conversion) {
      problems.push({ where, message: conversion.problem });
      continue;
    }
    const parsed = questionLineSchema.safeParse(conversion.line);
    if (parsed.success) placed.push({ where, question: parsed.data });
    else problems.push({ where, message: parsed.error.issues.map((issue) => issue.message).join("; ") });
  }
  if (problems.length > 0) throw QuestionSetError.forLines(source, sortedByPlace(problems));
  return { source, format: format.name, ...dedupeQuestions(placed) };
}

/** Problems in file order ("line 3" before "line 12"), as JSON problems and schema problems are found apart. */
function sortedByPlace(problems: readonly LineProblem[]): LineProblem[] {
  const place = (problem: LineProblem) => Number(/\d+/.exec(problem.where)?.[0] ?? 0);
  return [...problems].sort((one, other) => place(one) - place(other));
}

/** A question and where it is in its file. */
interface PlacedQuestion {
  where: string;
  question: Question;
}

/**
 * The questions with unique ids, in file order, and a note for each one left out or renamed: ids must be
 * unique, as results are stored and resumed by id. A question written twice (same text, choices and
 * answer under the same id) is kept once; a different question under an id already taken gets the id
 * with "-2", "-3"...
 */
function dedupeQuestions(placed: readonly PlacedQuestion[]): {
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
