// The part of a model's reply that states its final answer, found the first of these ways that works:
//   1. the last LaTeX \boxed{...};
//   2. the last label "Answer:", "Final answer:", "answer is" or "answer =" (bold or not), up to the end of
//      its line (the next line when the label ends one);
//   3. the last bold span, **X** or __X__;
//   4. the last line that is not blank, without a list marker, heading or quote mark.
// A question's prompt asks for a final "Answer: ..." line (see question-prompt.ts), which way 2 finds.

/** A reply's stated answer, and which way it was found. */
export interface ExtractedAnswer {
  text: string;
  how: "boxed" | "labelled" | "bold" | "last-line";
}

/** The stated answer of `reply` (see the ways above); empty text for an empty reply. */
export function extractAnswer(reply: string): ExtractedAnswer {
  const text = reply.replace(/\r\n?/g, "\n");
  const boxed = lastMatch(text, /\\boxed\{([^{}]*)\}/g);
  if (boxed !== undefined) return { text: boxed.trim(), how: "boxed" };
  const labelled = labelledAnswer(text.replace(/\*\*|__/g, ""));
  if (labelled !== undefined) return { text: labelled, how: "labelled" };
  const bold = lastMatch(text, /\*\*([^*\n]+)\*\*|__([^_\n]+)__/g);
  if (bold !== undefined) return { text: bold.trim(), how: "bold" };
  const lines = text.split("\n").map((line) => line.replace(/^\s*(?:[-*+>]|#+|\d+[.)])\s+/, "").trim());
  return { text: lines.filter((line) => line !== "").at(-1) ?? "", how: "last-line" };
}

/** What follows the last answer label, or undefined when there is none. */
function labelledAnswer(text: string): string | undefined {
  const pattern = /\banswer\s*(?:\bis\b\s*:?|:|=)[ \t]*([^\n]*)/gi;
  const labels = [...text.matchAll(pattern)];
  const last = labels.at(-1);
  if (!last) return undefined;
  const sameLine = (last[1] ?? "").trim();
  if (sameLine !== "") return sameLine;
  const after = text.slice((last.index ?? 0) + last[0].length);
  return after
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim();
}

/** The first group that matched in the last match of `pattern` (a global regular expression). */
function lastMatch(text: string, pattern: RegExp): string | undefined {
  const last = [...text.matchAll(pattern)].at(-1);
  return last?.slice(1).find((group) => group !== undefined);
}

/**
 * The answer's first clause when a word follows it: "No, it did not" gives "No", "2024-02-14 (a
 * Wednesday)" gives "2024-02-14"; undefined when there is no such clause ("1,10,9" stays whole).
 */
export function firstClause(answer: string): string | undefined {
  const clause = /^(.+?)(?:[,;:]\s+|\s+[-–—]\s+|\s*\(|\.\s+)(?=\(?\p{L})/u.exec(answer)?.[1]?.trim();
  return clause === "" ? undefined : clause;
}
