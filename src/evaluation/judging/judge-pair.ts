// Judges a pair of answers in both orders, so the position of an answer cannot decide for it: once with
// the first answer as Response A, once with the second. A judge that agrees with itself across the two
// orders decides the pair; one that does not (a different winner, or a winner once and a tie once)
// counts as a tie. Prompts, raw replies and verdicts are returned, so they can be stored and audited.
// The judge reads the question, the two answers as Response A and Response B, and ends with a verdict
// line, read leniently; a reply without one is kept, but counts neither way.

/** Which answer is shown as Response A. */
export type JudgeOrder = "first-as-a" | "second-as-a";

/** One judgement: the prompt the judge read, its reply and the verdict read from it. */
export interface JudgeRecord extends JudgePrompt {
  order: JudgeOrder;
  reply: string;
  verdict: Verdict | undefined;
}

/** Which answer of the pair won. */
export type PairWinner = "first" | "second" | "tie";

/** The pair's outcome: undefined when a reply gave no verdict (ask again, or leave the pair out). */
export interface PairJudgement {
  winner: PairWinner | undefined;
  /** Whether the two orders gave the same result; undefined when a verdict is missing. */
  consistent: boolean | undefined;
  records: [JudgeRecord, JudgeRecord];
}

/** Asks a judge model; the caller's function, which may throw. */
export type AskJudge = (prompt: JudgePrompt) => Promise<string>;

/** Judges `first` against `second` as answers to `question`, in both orders (asked at once). */
export async function judgePair(
  question: string,
  first: string,
  second: string,
  ask: AskJudge,
): Promise<PairJudgement> {
  const orders: [JudgeOrder, string, string][] = [
    ["first-as-a", first, second],
    ["second-as-a", second, first],
  ];
  const [one, other] = (await Promise.all(
    orders.map(async ([order, responseA, responseB]) => {
      const prompt = judgePrompt(question, responseA, responseB);
      const reply = await ask(prompt);
      return { order, ...prompt, reply, verdict: parseVerdict(reply) };
    }),
  )) as [JudgeRecord, JudgeRecord];
  return { ...combineVerdicts(one.verdict, other.verdict), records: [one, other] };
}

/**
 * The pair's winner from the verdict with the first answer as A and the verdict with the second as A: the
 * same winner both times (or a tie both times) decides; any disagreement is a tie.
 */
export function combineVerdicts(
  firstAsA: Verdict | undefined,
  secondAsA: Verdict | undefined,
): Pick<PairJudgement, "winner" | "consistent"> {
  if (firstAsA === undefined || secondAsA === undefined) return { winner: undefined, consistent: undefined };
  const winnerOf = (verdict: Verdict, firstIs: Verdict): PairWinner =>
    verdict === "tie" ? "tie" : verdict === firstIs ? "first" : "second";
  const one = winnerOf(firstAsA, "A");
  const other = winnerOf(secondAsA, "B");
  return one === other ? { winner: one, consistent: true } : { winner: "tie", consistent: false };
}

/** A judge model's instructions and the comparison to make. */
export interface JudgePrompt {
  system: string;
  prompt: string;
}

const system = [
  "You are an impartial judge. You compare two responses to the same question and decide which is better.",
  "Judge correctness first, then how completely and clearly the response answers the question.",
  "Do not let the responses' order, length or style sway you, and do not favour either response for its position.",
  'End your reply with one last line, exactly "Verdict: A", "Verdict: B" or "Verdict: tie".',
].join(" ");

/** The prompt comparing `responseA` with `responseB` as answers to `question`. */
export function judgePrompt(question: string, responseA: string, responseB: string): JudgePrompt {
  const prompt = [
    "## Question",
    question,
    "## Response A",
    responseA,
    "## Response B",
    responseB,
    "## Your verdict",
    'Which response answers the question better? Explain briefly, then end with "Verdict: A", "Verdict: B" or "Verdict: tie".',
  ].join("\n\n");
  return { system, prompt };
}

/** What a judge decided between Response A and Response B. */
export type Verdict = "A" | "B" | "tie";

/**
 * The last verdict in `reply`, read leniently ("**Verdict:** Response B", "verdict - a tie", "Verdict:
 * draw", "My verdict is [[A]]"), or undefined when it gives none.
 */
export function parseVerdict(reply: string): Verdict | undefined {
  const plain = reply.replace(/[*_`#]/g, "");
  const pattern =
    /\bverdict\s*(?:is\s*)?[:=-]?\s*(?:(?:a\s+)?(tie|draw|equal)\b|(?:response\s+)?\[*\(?([ab])\b)/gi;
  const last = [...plain.matchAll(pattern)].at(-1);
  if (!last) return undefined;
  return last[1] ? "tie" : (last[2]?.toUpperCase() as Verdict);
}
