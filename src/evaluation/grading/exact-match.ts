// Exact match: a free answer is right when its stated answer (extract-answer.ts), or that answer's first
// clause, is the reference once both are normalised (normalise-answer.ts). When the reference is a bare
// number, a unit after the candidate's number is ignored (units.ts).

import { extractAnswer, firstClause } from "./extract-answer.ts";
import { isNumber, normaliseAnswer } from "./normalise-answer.ts";
import { ignoredUnits } from "./units.ts";

/** Whether `reply` states `reference`, and the answer it states. */
export function exactMatch(reply: string, reference: string): { correct: boolean; given: string } {
  const given = extractAnswer(reply).text;
  const wanted = normaliseAnswer(reference);
  const candidates = [given, firstClause(given)].flatMap((text) =>
    text === undefined ? [] : [normaliseAnswer(text)],
  );
  const correct = candidates.some(
    (candidate) => candidate === wanted || (isNumber(wanted) && withoutUnit(candidate) === wanted),
  );
  return { correct, given };
}

/** A normalised "<number> <unit>" as its number; anything else as it is. */
function withoutUnit(candidate: string): string {
  const [, number, unit = ""] = /^(-?\d+(?:\.\d+)?) (.+)$/.exec(candidate) ?? [];
  return number !== undefined && ignoredUnits.has(unit) ? number : candidate;
}
