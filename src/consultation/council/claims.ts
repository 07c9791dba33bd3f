// The answer's main claims as the synthesis model lists them, and as the result shows them: each with
// the panel models that state it and those that contradict it (participants only: an invented name is
// dropped), and the numbered sources that back it, read back as the opinions' own citations. A claim
// that no participant states is dropped; one stated by one model only, or contradicted, is marked.

import { z } from "zod";
import type { Claim } from "../../contract/claims.ts";
import type { Citation } from "../../contract/opinions.ts";
import { type Participant, participantsOnly } from "./participant-names.ts";

/** The most claims a result lists. */
export const maximumClaims = 12;

/**
 * What the synthesis model writes for the claims. Required in the schema sent to the model; a reply
 * without it (a model that ignores part of a schema) parses as no claims rather than no assessment.
 */
export const claimsAnswer = z.preprocess(
  (value) => value ?? [],
  z
    .array(
      z.object({
        claim: z.string().describe("One main claim of the answer, in one sentence"),
        models: z.array(z.string()).describe("The model labels whose answers state it"),
        contradictedBy: z.array(z.string()).describe("The model labels whose answers contradict it"),
        sources: z.array(z.number()).describe("The numbers of the listed sources that back it"),
      }),
    )
    .describe(`The answer's main claims, at most ${maximumClaims}, most important first`),
);

/** Instructions for the claims, added to the assessment instructions. */
export const claimsInstructions = [
  `Also give \`claims\`: the answer's main claims (at most ${maximumClaims}), each with the model labels whose`,
  "answers state it, those whose answers contradict it, and the numbers of the listed sources that back it.",
].join("\n");

/**
 * The claims of `answer`, at most twelve, naming only `participants`, with `sources[n - 1]` for each
 * source number n (an unknown number is dropped); a claim no participant states is left out.
 */
export function claimsOf(
  answer: z.infer<typeof claimsAnswer>,
  participants: readonly Participant[],
  sources: readonly Citation[],
): Claim[] {
  return answer
    .map((item) => {
      const backers = participantsOnly(item.models, participants);
      const contradictors = participantsOnly(item.contradictedBy, participants).filter(
        (model) => !backers.includes(model),
      );
      const numbers = [...new Set(item.sources)];
      const citations = numbers.flatMap((number) => sources[number - 1] ?? []);
      const marks: Claim["marks"] = [
        ...(backers.length === 1 ? (["one model"] as const) : []),
        ...(contradictors.length > 0 ? (["contradicted"] as const) : []),
      ];
      return { claim: item.claim.trim(), backers, contradictors, citations, marks };
    })
    .filter((claim) => claim.backers.length > 0 && claim.claim.length > 0)
    .slice(0, maximumClaims);
}
