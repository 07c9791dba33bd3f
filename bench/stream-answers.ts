// What `npm run bench -- --streams` asks (stream-comparison.ts, terminal-stream.ts): six opinions from
// six vendors and a synthesis, every model streaming its answer in pieces of 24 characters, the opinions
// of a given length and shape (words, or one unbroken base64-like run, as models write encoded data).

import { builtInCatalog } from "../src/configuration/catalog.ts";
import type { ProviderSimulator } from "../test/simulator/provider-simulator.ts";

/** The opinions, each from another vendor, and the model writing the synthesis. */
export const opinionModels = ["cerebras", "gemini", "grok", "openai", "perplexity", "openrouter"] as const;
export const synthesisModel = "claude";

/** The characters of each streamed piece. */
export const pieceChars = 24;

/** The shapes of text measured: their names and an answer of `size` characters of each. */
export const shapes = {
  words: (size: number) => "lorem ipsum dolor sit amet ".repeat(Math.ceil(size / 27)).slice(0, size),
  "one unbroken run": (size: number) => "QUJDREVGR0hJSktMTU5PUA".repeat(Math.ceil(size / 22)).slice(0, size),
} as const;
export type Shape = keyof typeof shapes;

/** The model id the simulator sees in requests for a catalog name. */
function modelOf(name: string): string {
  const entry = builtInCatalog.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the catalog has no ${name}`);
  return entry.modelId;
}

/**
 * Scripts `simulator`: every opinion is `answer` (the simulator's own few words when undefined), the
 * synthesis its own, all streamed in pieces of `pieceChars`.
 */
export function answerWith(simulator: ProviderSimulator, answer: string | undefined): void {
  for (const model of opinionModels)
    simulator.setBehaviour(
      modelOf(model),
      answer === undefined ? { pieceChars } : { text: answer, pieceChars },
    );
  simulator.setBehaviour(modelOf(synthesisModel), { pieceChars });
}

/** The question's arguments: the six opinions and the synthesis model. */
export const panel = {
  primaryModel: opinionModels[0],
  secondaryModels: opinionModels.slice(1),
  synthesisModel,
};
