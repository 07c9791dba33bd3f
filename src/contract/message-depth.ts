// A bound on how deeply a message may nest objects and arrays. Deeper input (thousands of `[`) makes
// recursive validators overflow the stack; both transports refuse it before any parser recurses.

/** Deepest nesting of objects and arrays a message may have. */
export const maxMessageDepth = 64;

/** Whether JSON `text` nests objects or arrays deeper than `limit` (brackets inside strings do not count). */
export function nestsTooDeeply(text: string, limit = maxMessageDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}
