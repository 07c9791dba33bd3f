// Exact match: a free answer is right when its stated answer (extract-answer.ts), or that answer's first
// clause, is the reference once both are normalised (normalise-answer.ts). When the reference is a bare
// number, a unit after the candidate's number is ignored: "350 cm", "42,195 metres" and "$80" state their
// number. Units are ignored, never converted, so "350 m" matches "350" too: write a reference as a bare
// number in the unit the question asks for.

import { extractAnswer, firstClause } from "./extract-answer.ts";
import { isNumber, normaliseAnswer } from "./normalise-answer.ts";

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

/**
 * Unit words and phrases, written as `normaliseAnswer` leaves them (lower case, punctuation as spaces:
 * "km/h" is "km h", "°C" is "c"); a currency symbol is punctuation, so "$80" is already "80".
 */
const ignoredUnits: ReadonlySet<string> = new Set(
  [
    // length
    "mm cm m km in inch inches ft foot feet mi mile miles",
    "millimetre millimetres millimeter millimeters centimetre centimetres centimeter centimeters",
    "metre metres meter meters kilometre kilometres kilometer kilometers",
    // mass and volume
    "mg g kg gram grams kilogram kilograms lb lbs pound pounds",
    "ml l millilitre millilitres milliliter milliliters litre litres liter liters",
    // time
    "ms s sec secs second seconds min mins minute minutes h hr hrs hour hours",
    "day days week weeks month months year years",
    // temperature
    "c f k celsius fahrenheit kelvin degree degrees",
    // data
    "b byte bytes bit bits kb mb gb kib mib gib",
    // speed, money, share
    "mph kph dollar dollars usd cent cents euro euros percent",
  ]
    .join(" ")
    .split(" ")
    .concat(["degrees celsius", "degrees fahrenheit", "degree celsius", "degree fahrenheit", "km h", "m s"]),
);
