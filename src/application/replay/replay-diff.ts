// What changed between a stored turn's assessment and its replay's: the verdict's decision, the
// agreement score, the claims added and dropped (compared by their normalised text), and the models
// that changed their mind: a vote that changed, or a claim a model backed before and contradicts now
// (or the reverse).

import type { Assessment } from "../../contract/opinions.ts";
import type { ReplayDiff } from "../../contract/replay.ts";

/** A claim's text as compared: lower case, punctuation and repeated spaces left out. */
export function normalisedClaim(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The diff of two assessments; either may be missing (a turn without a synthesis or assessment). */
export function diffAssessments(before: Assessment | undefined, after: Assessment | undefined): ReplayDiff {
  const decisionBefore = before?.verdict?.decision ?? null;
  const decisionAfter = after?.verdict?.decision ?? null;
  const claimsBefore = claimsByText(before);
  const claimsAfter = claimsByText(after);
  return {
    verdict: { before: decisionBefore, after: decisionAfter, changed: decisionBefore !== decisionAfter },
    agreement: { before: before?.agreement.score ?? null, after: after?.agreement.score ?? null },
    claimsAdded: [...claimsAfter].filter(([key]) => !claimsBefore.has(key)).map(([, claim]) => claim.claim),
    claimsDropped: [...claimsBefore].filter(([key]) => !claimsAfter.has(key)).map(([, claim]) => claim.claim),
    changedMinds: [...voteChanges(before, after), ...claimChanges(claimsBefore, claimsAfter)],
  };
}

type ClaimEntry = NonNullable<Assessment["claims"]>[number];

function claimsByText(assessment: Assessment | undefined): Map<string, ClaimEntry> {
  return new Map((assessment?.claims ?? []).map((claim) => [normalisedClaim(claim.claim), claim]));
}

/** Models whose vote on the verdict differs between the two turns (both votes given). */
function voteChanges(before: Assessment | undefined, after: Assessment | undefined) {
  const votesBefore = new Map((before?.verdict?.votes ?? []).map((entry) => [entry.model, entry.vote]));
  return (after?.verdict?.votes ?? []).flatMap(({ model, vote }) => {
    const earlier = votesBefore.get(model);
    return earlier !== undefined && earlier !== vote
      ? [{ model, change: `voted ${earlier}, now ${vote}` }]
      : [];
  });
}

/** Models that backed a claim kept in both turns and now contradict it, or contradicted it and now back it. */
function claimChanges(claimsBefore: Map<string, ClaimEntry>, claimsAfter: Map<string, ClaimEntry>) {
  const changes: { model: string; change: string }[] = [];
  for (const [key, now] of claimsAfter) {
    const earlier = claimsBefore.get(key);
    if (!earlier) continue;
    for (const model of earlier.backers.filter((name) => now.contradictors.includes(name))) {
      changes.push({ model, change: `backed "${now.claim}", now contradicts it` });
    }
    for (const model of earlier.contradictors.filter((name) => now.backers.includes(name))) {
      changes.push({ model, change: `contradicted "${now.claim}", now backs it` });
    }
  }
  return changes;
}
