// A scripted council for the provider simulator: one reply function that answers every kind of request
// a council consultation makes (an opinion, a debate revision, a review, the synthesis with its
// assessment), so the front ends' tests can check what a person sees of each.

import type { ModelBehaviour } from "../../simulator/provider-simulator.ts";

/** What the scripted synthesis says: its verdict and agreement, for the tests to look for. */
export const councilVerdict = {
  agreement: { score: 0.67, reason: "two of three models favour SQLite" },
  consensus: ["SQLite in WAL mode handles one writer well"],
  dissent: [{ point: "PostgreSQL pays off once replicas are planned", models: ["grok"] }],
  positions: [
    { answer: "SQLite", models: ["cerebras", "gemini"] },
    { answer: "PostgreSQL", models: ["grok"] },
  ],
  verdict: {
    decision: "block",
    reason: "the against side showed a real migration risk",
    votes: [
      { model: "cerebras", vote: "go" },
      { model: "gemini", vote: "go" },
      { model: "grok", vote: "block" },
    ],
  },
} as const;

/** The reason the model arguing against gives for changing its position in round 2. */
export const changedMind = "the write load figures convinced me";

/**
 * What a synthesis, a reviewer and a reviser may write in Markdown: bold, code, a heading, a link, and
 * hostile parts (a javascript: link, an image with an event handler) that must stay inert.
 */
export const markdownCouncil = {
  assessment: {
    ...councilVerdict,
    agreement: { score: 0.67, reason: "**two** of three favour `SQLite`" },
    consensus: ["## WAL mode handles **one writer**", "see [the WAL page](https://sqlite.org/wal.html)"],
    dissent: [
      {
        point: "[replicas](javascript:alert(1)) matter <img src=x onerror=alert(1)> later",
        models: ["grok"],
      },
    ],
    verdict: { ...councilVerdict.verdict, reason: "the **against** side showed a `migration` risk" },
  },
  changedMind: "the **write load** figures convinced me",
  reviewReason: (response: string) => `Response ${response} is **concrete**`,
};

/**
 * Reply text for every model of a council: opinions are plain text; the model told to argue AGAINST
 * changes its position in a revision (saying `why`), the others keep theirs; a reviewer ranks the
 * responses it was shown in the order it got them, each with `reviewReason`; the synthesis carries
 * `assessment`.
 */
export function councilScript({
  assessment = councilVerdict as object,
  why = changedMind,
  reviewReason = (response: string) => `Response ${response} is concrete`,
} = {}): NonNullable<ModelBehaviour["text"]> {
  return ({ lastUserText, system, structured }) => {
    const against = system.includes("AGAINST");
    if (!structured)
      return against ? "Against: stay on PostgreSQL for replicas." : "For: SQLite is enough on one node.";
    if (system.includes("Reconsider your answer")) {
      return JSON.stringify({
        answer: against ? "Revised: SQLite for now, PostgreSQL later." : "Still SQLite on one node.",
        changedPosition: against,
        why: against ? why : "nothing new changed the facts",
      });
    }
    if (system.includes("You review answers")) {
      const labels = [...lastUserText.matchAll(/^### Response ([A-Z])$/gm)].map((match) => match[1] ?? "");
      return JSON.stringify({
        ranking: labels.map((response) => ({ response, reason: reviewReason(response) })),
      });
    }
    return JSON.stringify({ synthesis: "**Answer**: SQLite now; plan the move.", ...assessment });
  };
}

/** The council of {@link councilVerdict} and {@link changedMind}, in plain words. */
export const councilText = councilScript();

/** The council of {@link markdownCouncil}. */
export const markdownCouncilText = councilScript({
  assessment: markdownCouncil.assessment,
  why: markdownCouncil.changedMind,
  reviewReason: markdownCouncil.reviewReason,
});
