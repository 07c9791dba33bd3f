// One line of an answer that is still forming, fit for a progress board: its last line with text,
// stripped of control characters (a model's text must not move the cursor or change colours) and cut
// to the room left on the terminal's line. Kept as the answer grows, reading only each new piece and
// holding no more of a line than a terminal can show, so a piece costs the same however long the
// answer (one unbroken run of base64, or many short lines).

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: what a line's start loses: blanks and controls
const leadingBlanks = /^[\s\u0000-\u001f\u007f-\u009f]+/;

/** The characters of a line kept: more than any terminal's line shows. */
const keptChars = 1024;

/** `text` on one line: control characters (escape sequences, line breaks) removed or made spaces. */
export function oneLine(text: string): string {
  return withoutControls(text).trim();
}

/** {@link oneLine} without the trim, for a piece of a line. */
export function withoutControls(text: string): string {
  return text.replace(/[\t\r\n]+/g, " ").replace(controlCharacters, "");
}

/** The last line with text of an answer forming, fed piece by piece. */
export interface FormingLine {
  /** The answer went on by `piece`. */
  add(piece: string): void;
  /** The last non-blank line so far, cleaned and cut to `room` characters (with "…" when cut). */
  preview(room: number): string;
}

/** A line shown cut to `room` characters, with "…" when `cut` or longer. */
function fitted(line: string, cut: boolean, room: number): string {
  // Only as much of the line as `room` and one more character take, be each one or two UTF-16 units.
  const characters = [...line.slice(0, 2 * room + 2)];
  if (!cut && characters.length <= room) return line;
  return `${characters.slice(0, Math.max(0, room - 1)).join("")}…`;
}

/** A forming line of an answer not yet begun. */
export function formingLine(): FormingLine {
  /** The start of the line being written (from its first character with text), and whether more came. */
  let current = "";
  let currentCut = false;
  /** The last line that ended with text in it, cleaned. */
  let last = "";
  let lastCut = false;
  const extend = (part: string) => {
    const from = current === "" ? part.replace(leadingBlanks, "") : part;
    const room = keptChars - current.length;
    if (from.length > room) currentCut = true;
    if (room > 0 && from.length > 0) current += from.slice(0, room);
  };
  return {
    add(piece) {
      const parts = piece.split("\n");
      parts.forEach((part, index) => {
        extend(part);
        if (index === parts.length - 1) return;
        // A line ended: it is the last line with text if it has any.
        const line = oneLine(current);
        if (line) {
          last = line;
          lastCut = currentCut;
        }
        current = "";
        currentCut = false;
      });
    },
    preview(room) {
      const line = oneLine(current);
      return line ? fitted(line, currentCut, room) : fitted(last, lastCut, room);
    },
  };
}

/** The last non-blank line of `text`, cleaned and cut to `room` characters (with "…" when cut). */
export function previewLine(text: string, room: number): string {
  const line = formingLine();
  line.add(text);
  return line.preview(room);
}
