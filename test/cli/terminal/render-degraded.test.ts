// What `ask` prints of a degraded panel: the banner saying who is missing and why comes before the
// synthesis, and a withheld verdict says what the models that answered decided and how many invented
// names were dropped. Plain style (no colour), as on a pipe.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { renderSecondOpinion } from "../../../src/cli/terminal/render-consultation.ts";
import type { ModelOpinion } from "../../../src/contract/opinions.ts";

function opinion(model: string, response: string, error = false): ModelOpinion {
  return {
    model,
    modelId: `${model}-1`,
    modelDisplayName: model,
    response,
    latencyMs: 10,
    citations: [],
    ...(error ? { error: true, errorStatus: 500 } : {}),
  };
}

describe("the terminal rendering of a degraded panel", () => {
  it("says who is missing before the synthesis, and what the withheld verdict was", () => {
    const text = renderSecondOpinion(
      {
        conversationId: "c1",
        conversationCreated: true,
        conversationTitle: "t",
        primary: opinion("alpha", "Go."),
        secondaryOpinions: [opinion("beta", "HTTP 500", true)],
        synthesis: {
          ...opinion("alpha", "The synthesis."),
          sources: [],
          basedOn: ["alpha"],
          assessment: {
            degraded: {
              missing: [{ model: "beta", why: "failed", errorStatus: 500 }],
              panelSize: 2,
              lostFamilies: [],
              verdictWithheld: true,
              note: "1 of 2 models missing: beta failed (HTTP 500).",
            },
            droppedNames: 2,
            agreement: { score: 1, reason: "one model" },
            consensus: [],
            dissent: [],
            verdict: {
              decision: "unsure",
              degradedFrom: "go",
              reason: "tests pass",
              votes: [{ model: "alpha", vote: "go" }],
            },
          },
        },
        userMessageId: "u",
        assistantMessageId: "a",
        persistenceStatus: {
          userMessageSaved: true,
          assistantMessageSaved: true,
          userMessageId: "u",
          assistantMessageId: "a",
          error: null,
        },
        summary: { totalModels: 2, totalLatencyMs: 20, successfulModels: 1, failedModels: 1 },
      },
      { colors: picocolors.createColors(false), colored: false, live: false, width: 100 },
    );
    assert.match(text, /^Degraded: 1 of 2 models missing: beta failed \(HTTP 500\)\.\n\nSynthesis/);
    assert.match(
      text,
      /^Verdict: UNSURE: tests pass \(degraded: the models that answered said GO; 2 model names the synthesis invented dropped\)$/m,
    );
  });
});
