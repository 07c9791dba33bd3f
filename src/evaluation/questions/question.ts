// One question of an evaluation, and the line a question set writes it as: one JSON object a line with
// `question`, and optionally `id`, `choices` (multiple choice, lettered A, B, C... in order), `answer` (the
// reference: a choice's letter or text, or the exact answer), `tags` and `note` (why the answer is right, for
// whoever reads the file; no model sees it). Every question set, our own format
// or a public one, becomes these lines and is checked by this one schema.

import { createHash } from "node:crypto";
import { z } from "zod";
import type { EvaluationQuestionRecord } from "../../store/evaluations.ts";

/** A question as the evaluation uses and stores it: its id always set, a multiple-choice answer a letter. */
export type Question = EvaluationQuestionRecord;

/** The most choices a question can have: one per letter. */
export const maximumChoices = 26;

/** The letter of the choice at `index`: 0 is A. */
export function choiceLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The fields a question line may hold, for messages. */
export const questionFields = ["id", "question", "choices", "answer", "tags", "note"] as const;

/** A string field, with messages that say what to write when it is missing or of another type. */
function text(field: string, fix: string) {
  return z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined ? `"${field}" is missing: ${fix}` : `"${field}" must be a string: ${fix}`,
    })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, `"${field}" is empty: ${fix}`));
}

/** A list of strings, with messages naming the field. */
function texts(field: string, fix: string) {
  const entry = z
    .union([z.string(), z.number()], { error: `every entry of "${field}" must be a string: ${fix}` })
    .transform((value) => String(value).trim());
  return z.array(entry, { error: `"${field}" must be an array of strings: ${fix}` });
}

/** One line of a question set, as written; it parses to a `Question`. */
export const questionLineSchema = z
  .strictObject(
    {
      id: text("id", "give each question a short unique id, or leave it out").optional(),
      question: text("question", 'give the question\'s text as "question"'),
      choices: texts("choices", 'list each choice\'s text, as in "choices": ["Paris", "Rome"]')
        .refine((choices) => choices.length >= 2 && choices.length <= maximumChoices, {
          error: `"choices" needs 2 to ${maximumChoices} entries: leave it out for a question without choices`,
        })
        .refine((choices) => choices.every((choice) => choice !== ""), {
          error: '"choices" has an empty entry: give every choice its text',
        })
        .optional(),
      answer: text(
        "answer",
        "give the reference answer, or leave it out to judge answers pairwise",
      ).optional(),
      tags: texts("tags", 'write tags as "tags": ["arithmetic"]').optional(),
      note: text("note", "say why the answer is right, or leave it out").optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(", ")}: a question line has only ${questionFields.join(", ")}`
          : issue.code === "invalid_type"
            ? 'not a JSON object: write each question as {"question": "..."}'
            : undefined,
    },
  )
  .transform((line, context): Question => {
    const answer =
      line.answer !== undefined && line.choices ? answerLetter(line.answer, line.choices) : line.answer;
    if (line.answer !== undefined && answer === undefined) {
      const last = choiceLetter((line.choices?.length ?? 1) - 1);
      context.addIssue({
        code: "custom",
        path: ["answer"],
        message: `"answer" ${JSON.stringify(line.answer)} is not one of the choices: give a letter from A to ${last}, or a choice's exact text`,
      });
      return z.NEVER;
    }
    return {
      id: line.id ?? derivedId(line.question, line.choices),
      question: line.question,
      ...(line.choices ? { choices: line.choices } : {}),
      ...(answer !== undefined ? { answer } : {}),
      tags: (line.tags ?? []).filter((tag) => tag !== ""),
    };
  });

/** The input shape of a question line (what a format adapter produces). */
export type QuestionLine = z.input<typeof questionLineSchema>;

/**
 * The letter a reference answer names among `choices`: a single letter in range ("b", "(B)", "B.") is read as
 * the letter, before any choice's text; otherwise the choice whose text it is, ignoring case.
 */
function answerLetter(answer: string, choices: readonly string[]): string | undefined {
  const letter = /^\(?([a-z])\)?\.?$/i.exec(answer)?.[1]?.toUpperCase();
  if (letter && letter.charCodeAt(0) - 65 < choices.length) return letter;
  const index = choices.findIndex((choice) => choice.toLowerCase() === answer.toLowerCase());
  return index >= 0 ? choiceLetter(index) : undefined;
}

/** An id from the question's text and choices, so it stays the same when the file is reordered. */
export function derivedId(question: string, choices: readonly string[] = []): string {
  const digest = createHash("sha256")
    .update([question, ...choices].join("\u0000"))
    .digest("hex");
  return `q-${digest.slice(0, 12)}`;
}
