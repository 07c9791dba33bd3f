// The records of a JSON question set file: JSON Lines (one object a line, blank lines skipped), a JSON
// array of objects, or `{"rows": [{"row": {...}}]}` as the Hugging Face dataset viewer exports rows (and
// as a Parquet file converted to JSON often looks).

import { isRecord } from "../../../contract/json-record.ts";
import type { LineProblem } from "../question-set-error.ts";
import type { SourceRecord } from "./question-format.ts";

const notAnObject = 'not a JSON object: write each question as {"question": "..."}';

/** The records of `text`, and the lines or rows that are not JSON objects. */
export function jsonRecords(text: string): { records: SourceRecord[]; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const rows = wholeRows(text);
  const values = rows
    ? rows.map((value, index) => ({ where: `row ${index + 1}`, value }))
    : lineValues(text, problems);
  const records: SourceRecord[] = [];
  for (const { where, value } of values) {
    if (isRecord(value)) records.push({ where, fields: value });
    else problems.push({ where, message: notAnObject });
  }
  return { records, problems };
}

/** The rows of a text that is one JSON array or `{"rows": [...]}`; undefined for JSON Lines. */
function wholeRows(text: string): unknown[] | undefined {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(whole)) return whole;
  if (isRecord(whole) && Array.isArray(whole.rows)) {
    return whole.rows.map((entry) => (isRecord(entry) && isRecord(entry.row) ? entry.row : entry));
  }
  return undefined;
}

/** The value of each non-blank line; a line that is not JSON goes to `problems`. */
function lineValues(text: string, problems: LineProblem[]): { where: string; value: unknown }[] {
  const values: { where: string; value: unknown }[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((line, index) => {
      if (line.trim() === "") return;
      const where = `line ${index + 1}`;
      try {
        values.push({ where, value: JSON.parse(line) });
      } catch (error) {
        const reason = error instanceof Error ? ` (${error.message})` : "";
        problems.push({
          where,
          message: `not JSON${reason}: write each question as one JSON object on one line`,
        });
      }
    });
  return values;
}
