// The prompt a judge model reads to compare two answers to a question without a reference: the question,
// the two answers as Response A and Response B, and the verdict line to end with. Which answer is A is the
// caller's choice; judge-pair.ts asks in both orders.

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
