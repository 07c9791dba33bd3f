// What a conversation's title may hold: one line of printable text. Titles are shown in terminal
// listings, the web page's sidebar and exports, so escape sequences, line breaks, NUL and the other
// control characters are dropped wherever a title is made (given by a caller or taken from a question).

/** Escape sequences (CSI such as colours and cursor moves, OSC such as window titles and links). */
const escapeSequences =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;

/** C0 and C1 control characters, DEL, and the bidirectional overrides that reorder what is shown. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as a title: on one line, without escape sequences or control characters, trimmed. */
export function cleanTitle(text: string): string {
  return text
    .replace(escapeSequences, "")
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, " ")
    .replace(controlCharacters, "")
    .trim();
}
