// What an attached file's name may be: a base name on one line of printable text, at most 200
// characters. Names reach the prompt's file markers, the stored message, terminal listings and the web
// page, so they are cleaned as titles are (escape sequences and control characters out, whitespace
// collapsed) and stripped of any folder, whether given as a name, a path or a resource URI.

import { cleanTitle } from "./conversation-title.ts";

/** The longest name an attachment keeps, in characters. */
export const attachmentNameCharacters = 200;

/**
 * `name` as an attachment's name: its last path part (after `/` or `\`), without escape sequences or
 * control characters, whitespace collapsed, cut to 200 characters (keeping the end, where the
 * extension is). Empty when nothing printable is left.
 */
export function cleanAttachmentName(name: string): string {
  const base = cleanTitle(name)
    .replace(/\s+/g, " ")
    .split(/[/\\]/)
    .filter((part) => part.trim() !== "")
    .at(-1)
    ?.trim();
  if (!base) return "";
  const characters = [...base];
  return characters.length <= attachmentNameCharacters
    ? base
    : characters.slice(-attachmentNameCharacters).join("").trim();
}
