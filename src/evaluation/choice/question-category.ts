// Which eval category a question is closest to, without embeddings: the category of a stored question is
// its first tag (the built-in set's `arithmetic`, `code`, `dates-and-units`, `logic`, `misconceptions`,
// or a question file's own tags); the question's words are compared with each stored question's words
// (cosine over the sets of words, short and common words left out), and the nearest question's category
// wins. No stored question shares a word: no category, and every question counts.

/** A stored eval question, as the categoriser reads it. */
export interface CategorisedQuestion {
  question: string;
  tags: readonly string[];
}

const commonWords = new Set(
  "the and for are but not you all any can had her was one our out has him his how its may new now old see two way who did get let say she too use what when where which while with that this from they will would there their than then them these those have been were does into each about your".split(
    " ",
  ),
);

/** The words of `text` that say something: lower case, three letters or more, common words left out. */
export function wordsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return new Set(words.filter((word) => !commonWords.has(word)));
}

/** How alike two sets of words are, 0 to 1. */
function similarity(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.sqrt(left.size * right.size);
}

/** The category of the stored question nearest to `question`; undefined when none shares a word. */
export function closestCategory(
  question: string,
  questions: readonly CategorisedQuestion[],
): string | undefined {
  const words = wordsOf(question);
  let best: { category: string; score: number } | undefined;
  for (const stored of questions) {
    const category = stored.tags[0];
    if (!category) continue;
    const score = similarity(words, wordsOf(stored.question));
    if (score > 0 && (!best || score > best.score)) best = { category, score };
  }
  return best?.category;
}
