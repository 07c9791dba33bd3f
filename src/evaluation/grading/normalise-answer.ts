// The normal form two answers are compared in, so that "1,000", "1000" and "1000.0" are one answer, and
// "**The Sun.**" and "sun" are another. In order:
//   1. thousands separators go: a thin or no-break space between digits always; a comma only in a whole
//      run of three-digit groups ("1,000,000" but not "1,10,9");
//   2. Unicode compatibility forms are folded (NFKC: "℃" is "°C", full-width digits are digits), and
//      everything is lower case; the minus sign "−" is "-";
//   3. punctuation and symbols become spaces, except a decimal point within a number ("3.14", ".5") and
//      a minus sign that starts a word ("-5", "-Infinity", but not the hyphens of "2024-03-01");
//   4. the articles "a", "an" and "the" go;
//   5. each number is written one way: no leading zeros, no trailing decimal zeros ("01" is "1", "1000.0"
//      is "1000", ".5" is "0.5", "-0" is "0");
//   6. runs of whitespace become one space, trimmed.

const articles = new Set(["a", "an", "the"]);

/** `text` in normal form (see the steps above). */
export function normaliseAnswer(text: string): string {
  const folded = text
    .replace(/(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))/g, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\u2212/g, "-")
    .replace(/(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])/g, (number) => number.replaceAll(",", ""));
  const spaced = folded.replace(/[^\p{L}\p{N}\s]/gu, (character, offset: number) =>
    keepsPunctuation(character, folded[offset - 1] ?? "", folded[offset + 1] ?? "") ? character : " ",
  );
  return spaced
    .split(/\s+/)
    .filter((word) => word !== "" && !articles.has(word))
    .map((word) => (/^-?(\d+(\.\d*)?|\.\d+)$/.test(word) ? canonicalNumber(word) : word))
    .join(" ");
}

/** Whether `character` is a decimal point or a leading minus sign, judged by its neighbours. */
function keepsPunctuation(character: string, before: string, after: string): boolean {
  const wordCharacter = /[\p{L}\p{N}]/u;
  if (character === ".") return /\d/.test(after) && !/\p{L}/u.test(before);
  if (character === "-") return wordCharacter.test(after) && !wordCharacter.test(before);
  return false;
}

/** A number's one written form: "007" is "7", "2.50" is "2.5", "3." is "3", "-0.0" is "0". */
function canonicalNumber(word: string): string {
  const negative = word.startsWith("-");
  const [whole = "", fraction = ""] = word.replace(/^-/, "").split(".");
  const integer = whole.replace(/^0+(?=\d)/, "") || "0";
  const decimals = fraction.replace(/0+$/, "");
  const body = decimals ? `${integer}.${decimals}` : integer;
  return negative && body !== "0" ? `-${body}` : body;
}

/** Whether a normalised answer is one number. */
export function isNumber(normalised: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(normalised);
}
