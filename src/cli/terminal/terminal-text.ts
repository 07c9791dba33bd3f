// Text from the store or a model made safe to write to a terminal: escape sequences (colours, cursor
// moves, window titles, hyperlinks) and control characters other than line breaks and tabs are removed,
// so nothing a model wrote can redraw the screen, rename the window or hide what is shown.

const escapeSequences =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without escape sequences or control characters; line breaks (\n, \r\n) and tabs are kept. */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(escapeSequences, "").replace(controlCharacters, "");
}
