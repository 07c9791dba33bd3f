// The choice an answer states on a multiple-choice question: the question's lettered options ("A) ...",
// "(B) ...", "C. ...", one a line, from A on), and the letter an answer gives after its last "Answer:"
// label ("Answer: C", "the answer is (C)"). Used by adaptive consultation, where two models stating the
// same letter agree whatever the synthesis's score. An answer without such a label states no choice.

/** The letters of a multiple-choice question's options ("A) ...", "(B) ...", "C. ..." one a line), A first. */
export function choiceLetters(question: string): string[] {
  const found = [...question.matchAll(/^\s*\(?([A-J])[).:]\s+\S/gm)].map((match) => match[1] as string);
  const letters: string[] = [];
  for (const letter of found) {
    if (letter === String.fromCharCode(65 + letters.length)) letters.push(letter);
  }
  return letters.length >= 2 ? letters : [];
}

/** The letter among `letters` an answer states last ("Answer: C", "the answer is (C)"), if any. */
export function statedChoice(answer: string, letters: readonly string[]): string | undefined {
  if (letters.length === 0) return undefined;
  const stated = [
    ...answer
      .replace(/\*\*|__/g, "")
      .matchAll(/\b(?:[Aa]nswer|ANSWER)(?:\s+is)?\s*[:=]?\s*\(?([A-J])\)?(?!\w)/g),
  ].at(-1)?.[1];
  return stated && letters.includes(stated) ? stated : undefined;
}
