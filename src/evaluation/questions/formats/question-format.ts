// The port every question set format implements: how its file is laid out, how to recognise it, and how
// one of its records becomes a question line. A public format's field mapping lives in its adapter.

import type { QuestionLine } from "../question.ts";

/** The formats a question set can be written in. */
export const formatNames = ["jsonl", "mmlu-pro", "gpqa", "simpleqa"] as const;

/** A format's name, as a flag takes it. */
export type FormatName = (typeof formatNames)[number];

/** One record of a question set file before it becomes a question: its fields and where it is. */
export interface SourceRecord {
  /** "line 12", or "row 3" for a JSON array. */
  where: string;
  fields: Record<string, unknown>;
}

/** What a record becomes: a question line, or what is wrong with the record. */
export type Conversion = { line: QuestionLine } | { problem: string };

/** Settings a format may use. */
export interface FormatOptions {
  /** Seeds the order in which a format without one (GPQA) lays out its choices. */
  seed: string;
}

/** A question set format. */
export interface QuestionFormat {
  name: FormatName;
  /** JSON objects (a JSONL file, a JSON array, or `{"rows": [...]}`), or a CSV file with a header line. */
  layout: "json" | "csv";
  /** The columns a CSV file of this format must have. */
  columns?: readonly string[];
  /** Whether the first record's fields (a CSV file's header) look like this format. */
  recognises(fields: Record<string, unknown>): boolean;
  convert(fields: Record<string, unknown>, options: FormatOptions): Conversion;
}
