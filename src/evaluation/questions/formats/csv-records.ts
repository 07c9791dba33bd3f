// The records of a CSV question set file (RFC 4180, as GPQA and SimpleQA ship): a header line names the
// columns; a field may be quoted, and a quoted field may hold commas, line breaks and doubled quotes ("").
// Each record is named by the line it starts on, since a quoted field can span lines.

import { QuestionSetError } from "../question-set-error.ts";
import type { SourceRecord } from "./question-format.ts";

/** A CSV row: its fields and the line it starts on. */
interface Row {
  line: number;
  cells: string[];
}

/** The records of `text`, keyed by the header's column names; blank lines are skipped. */
export function csvRecords(text: string, source: string): SourceRecord[] {
  const [header, ...rows] = csvRows(text, source);
  if (!header) return [];
  const columns = header.cells.map((cell) => cell.trim());
  return rows.map((row) => ({
    where: `line ${row.line}`,
    fields: Object.fromEntries(columns.map((column, index) => [column, row.cells[index] ?? ""])),
  }));
}

/** The rows of `text`; throws when a quoted field is never closed. */
function csvRows(text: string, source: string): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const input = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    rowLine = line;
  };
  for (let index = 0; index < input.length; index += 1) {
    const character = input[index];
    if (character === "\n") line += 1;
    if (quoted) {
      if (character === "\r" && input[index + 1] === "\n") continue;
      if (character !== '"') cell += character;
      else if (input[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else quoted = false;
    } else if (character === '"') {
      quoted = true;
      quoteLine = line;
    } else if (character === ",") {
      cells.push(cell);
      cell = "";
    } else if (character === "\n") endRow();
    else if (character !== "\r") cell += character;
  }
  if (quoted) {
    throw new QuestionSetError(
      `${source}: the quoted field opened on line ${quoteLine} is never closed: end it with a double quote (") and write a quote inside a field as ""`,
    );
  }
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}
