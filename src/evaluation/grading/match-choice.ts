// Which choice a free-text reply picks on a multiple-choice question. The stated answer (extract-answer.ts)
// is read first, then the whole reply; in each, the first of these that names one choice wins:
//   - the stated answer is a letter alone: "B", "(B)", "[B]", "b.";
//   - it starts with a letter and a mark: "B) Paris", "(B) Paris", "B. Paris", "B: Paris";
//   - it starts with "option B", "choice B" or "letter B";
//   - it starts with a letter and that choice's own text: "B Paris";
//   - (in the whole reply too) one letter, and only one, is written "(B)", "option B", "choice B" or
//     "B is correct / right / best";
//   - the text is one choice's text, or holds exactly one choice's text as whole words (a choice whose
//     text is part of another found choice's text counts as that longer choice).
// Only letters that name a choice count: "E" on a question with four choices is no answer. A capital
// letter needs its mark or keyword, so "A good answer is..." picks nothing.

import { choiceLetter } from "../questions/question.ts";
import { extractAnswer } from "./extract-answer.ts";
import { normaliseAnswer } from "./normalise-answer.ts";

/** The letter `reply` picks among `choices`, or undefined when it picks none or several. */
export function chosenLetter(reply: string, choices: readonly string[]): string | undefined {
  const letters = choices.map((_, index) => choiceLetter(index));
  const inRange = (letter: string | undefined) =>
    letter !== undefined && letters.includes(letter.toUpperCase()) ? letter.toUpperCase() : undefined;
  const stated = extractAnswer(reply)
    .text.replace(/\*\*|__|`/g, "")
    .trim();
  return (
    leadingLetter(stated, choices, inRange) ??
    onlyMarkedLetter(stated, inRange) ??
    choiceByText(stated, choices) ??
    onlyMarkedLetter(reply, inRange) ??
    choiceByText(reply, choices)
  );
}

type InRange = (letter: string | undefined) => string | undefined;

/** The letter a stated answer starts with, alone, with a mark, after a keyword, or before its choice's text. */
function leadingLetter(stated: string, choices: readonly string[], inRange: InRange): string | undefined {
  const alone = /^[([]?([a-z])[)\]]?[.:]?$/i.exec(stated)?.[1];
  if (alone) return inRange(alone);
  const marked = /^[([]?([A-Z])[)\].:](?:\s|$)/.exec(stated)?.[1] ?? /^\(([A-Z])\)/.exec(stated)?.[1];
  if (marked) return inRange(marked);
  const keyword = /^(?:option|choice|letter)\s+[([]?([a-z])\b/i.exec(stated)?.[1];
  if (keyword) return inRange(keyword);
  const [, letter, rest = ""] = /^([A-Z])\s+(.+)$/.exec(stated) ?? [];
  const index = letter ? letter.charCodeAt(0) - 65 : -1;
  const choice = choices[index];
  return choice !== undefined && normaliseAnswer(rest) === normaliseAnswer(choice) ? letter : undefined;
}

/** The one in-range letter marked as a choice anywhere in `text`; undefined for none or several. */
function onlyMarkedLetter(text: string, inRange: InRange): string | undefined {
  const patterns = [
    /\(([A-Z])\)/g,
    /\b(?:[Oo]ption|[Cc]hoice)\s+\(?([A-Z])\b/g,
    /\b([A-Z])\s+is\s+(?:the\s+)?(?:correct|right|best)\b/g,
  ];
  const found = new Set(
    patterns.flatMap((pattern) => [...text.matchAll(pattern)].flatMap((match) => inRange(match[1]) ?? [])),
  );
  return found.size === 1 ? [...found][0] : undefined;
}

/** The letter of the one choice whose text `text` is, or holds as whole words. */
function choiceByText(text: string, choices: readonly string[]): string | undefined {
  const normalised = normaliseAnswer(text);
  if (normalised === "") return undefined;
  const texts = choices.map((choice) => normaliseAnswer(choice));
  const equal = texts.indexOf(normalised);
  if (equal >= 0) return choiceLetter(equal);
  const found = texts.flatMap((choice, index) =>
    choice !== "" && ` ${normalised} `.includes(` ${choice} `) ? [index] : [],
  );
  const longest = found.filter(
    (index) =>
      !found.some((other) => other !== index && (texts[other] as string).includes(texts[index] as string)),
  );
  return longest.length === 1 ? choiceLetter(longest[0] as number) : undefined;
}
