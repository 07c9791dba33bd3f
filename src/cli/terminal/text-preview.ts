// One line of an answer that is still forming, fit for a progress board: its last line with text,
// stripped of control characters (a model's text must not move the cursor or change colours) and cut
// to the room left on the terminal's line.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;

/** `text` on one line: control characters (escape sequences, line breaks) removed or made spaces. */
export function oneLine(text: string): string {
  return withoutControls(text).trim();
}

/** {@link oneLine} without the trim, for a piece of a line. */
export function withoutControls(text: string): string {
  return text.replace(/[\t\r\n]+/g, " ").replace(controlCharacters, "");
}

/** The last non-blank line of `text`, cleaned and cut to `room` characters (with "…" when cut). */
export function previewLine(text: string, room: number): string {
  const lines = text.split(/\r?\n/);
  let last = "";
  for (let index = lines.length - 1; index >= 0 && !last; index -= 1) {
    last = oneLine(lines[index] ?? "");
  }
  const characters = [...last];
  if (characters.length <= room) return last;
  return `${characters.slice(0, Math.max(0, room - 1)).join("")}…`;
}
