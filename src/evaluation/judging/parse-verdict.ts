// The verdict in a judge's reply: the last "Verdict: A", "Verdict: B" or "Verdict: tie" it writes, read
// leniently ("**Verdict:** Response B", "verdict - a tie", "Verdict: draw", "My verdict is [[A]]"). A
// reply without one has no verdict: it is kept, but counts neither way.

/** What a judge decided between Response A and Response B. */
export type Verdict = "A" | "B" | "tie";

/** The last verdict in `reply`, or undefined when it gives none. */
export function parseVerdict(reply: string): Verdict | undefined {
  const plain = reply.replace(/[*_`#]/g, "");
  const pattern =
    /\bverdict\s*(?:is\s*)?[:=-]?\s*(?:(?:a\s+)?(tie|draw|equal)\b|(?:response\s+)?\[*\(?([ab])\b)/gi;
  const last = [...plain.matchAll(pattern)].at(-1);
  if (!last) return undefined;
  return last[1] ? "tie" : (last[2]?.toUpperCase() as Verdict);
}
