// A council whose models write long answers, for the provider simulator: each model of the default panel
// answers in about 3,000 characters of text that is its own (so a test can count where each opinion
// appears), revises in as many, and reviews and synthesises as the scripted council does (council-script.ts).

import type { AnswerRequest } from "../../simulator/behaviour.ts";
import type { ModelBehaviour, ProviderSimulator } from "../../simulator/provider-simulator.ts";
import { councilText, councilVerdict } from "./council-script.ts";
import { modelIds } from "./e2e-fixture.ts";

/** The models of the default panel, as the catalog names them. */
export const defaultPanel = ["cerebras", "grok", "openai", "claude"] as const;

/** The scripted council's reply (council-script.ts types it as any behaviour's text). */
const councilReply = councilText as (request: AnswerRequest) => string;

const scripted = JSON.parse(
  councilReply({ lastUserText: "", system: "", structured: true, attachments: [] }),
) as { synthesis: string };

/** What the synthesis says, and the reason of its verdict, for a test to look for. */
export const councilSynthesis = { synthesis: scripted.synthesis, verdict: councilVerdict.verdict.reason };

/** About `characters` characters of reasons, every one naming `author`. */
export function longAnswer(author: string, characters = 3_000): string {
  const sentences: string[] = [];
  for (let index = 0; sentences.join(" ").length < characters; index++) {
    sentences.push(`${author} point ${index}: reason ${index * 7} holds for ${author}.`);
  }
  return sentences.join(" ");
}

/** Scripts every model of the default panel to answer and revise in about 3,000 characters each. */
export function scriptLongCouncil(simulator: ProviderSimulator): void {
  for (const name of defaultPanel) simulator.setBehaviour(modelIds[name], longCouncilMember(name));
}

function longCouncilMember(name: string): ModelBehaviour {
  return {
    text: (request) => {
      if (!request.structured) return longAnswer(name);
      if (request.system.includes("Reconsider your answer")) {
        return JSON.stringify({
          answer: longAnswer(`${name} revised`),
          changedPosition: false,
          why: "nothing new changed the facts",
        });
      }
      return councilReply(request);
    },
  };
}
