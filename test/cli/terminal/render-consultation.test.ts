// What `ask` prints of a consultation off the council's happy path: a synthesis written without its
// assessment says why, a consultation where no synthesis could be written says whose answer was kept
// and why each model failed, a review where every reviewer failed says so, each model's reasoning
// tokens, searches and what it could not search or read, the sources of a lone model, an adaptive
// consultation's path, reviewers' consistency and agreement by family, and a model's text cannot smuggle
// escape sequences into the council's lines. Plain style (no colour), as on a pipe.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { renderSecondOpinion } from "../../../src/cli/terminal/render-consultation.ts";
import type { TerminalStyle } from "../../../src/cli/terminal/terminal-style.ts";
import type { SecondOpinionResult } from "../../../src/contract/consultation-results.ts";
import type { ModelOpinion, Synthesis } from "../../../src/contract/opinions.ts";

const plain: TerminalStyle = {
  colors: picocolors.createColors(false),
  colored: false,
  live: false,
  width: 100,
};

function opinion(model: string, response: string): ModelOpinion {
  return { model, modelId: `${model}-1`, modelDisplayName: model, response, latencyMs: 10, citations: [] };
}

function synthesis(fields: Partial<Synthesis>): Synthesis {
  const { citations: _citations, ...written } = opinion("alpha", "The synthesis.");
  return { ...written, sources: [], basedOn: ["alpha", "beta"], ...fields };
}

function printed(fields: Partial<SecondOpinionResult>): string {
  return renderSecondOpinion(
    {
      conversationId: "c1",
      conversationCreated: true,
      conversationTitle: "t",
      primary: opinion("alpha", "Alpha's answer."),
      secondaryOpinions: [opinion("beta", "Beta's answer.")],
      synthesis: null,
      userMessageId: "u",
      assistantMessageId: "a",
      persistenceStatus: {
        userMessageSaved: true,
        assistantMessageSaved: true,
        userMessageId: "u",
        assistantMessageId: "a",
        error: null,
      },
      summary: { totalModels: 2, totalLatencyMs: 20, successfulModels: 2, failedModels: 0 },
      ...fields,
    },
    plain,
  );
}

describe("the terminal rendering of a consultation", () => {
  it("says why a synthesis has no assessment", () => {
    const text = printed({
      synthesis: synthesis({ assessmentError: "alpha did not return the structured answer\nasked for" }),
    });
    assert.match(text, /^Synthesis \(by alpha\)\n\nThe synthesis\.\n/);
    assert.match(text, /^No assessment: alpha did not return the structured answer asked for$/m);
    assert.doesNotMatch(text, /Agreement|Verdict/);
  });

  it("says whose answer was kept when no synthesis could be written, and why each writer failed", () => {
    const text = printed({
      synthesis: synthesis({
        error: true,
        response: "No synthesis could be written: timeout | HTTP 500 The answer kept is alpha's.",
        fallbackFrom: [
          { model: "alpha", error: "timeout" },
          { model: "beta", error: "HTTP 500" },
        ],
        fallbackAnswerFrom: "alpha",
      }),
    });
    assert.match(
      text,
      /^No synthesis could be written; the answer kept is alpha's \(below\)\.\n {2}alpha failed: timeout\n {2}beta failed: HTTP 500\n/,
    );
    assert.match(text, /✓ alpha \(alpha\) 10 ms\n\nAlpha's answer\./);
  });

  it("says when no reviewer gave a usable ranking", () => {
    const call = { model: "alpha", modelId: "alpha-1", modelDisplayName: "alpha", latencyMs: 5 };
    const text = printed({
      review: {
        ranking: [],
        reviews: [
          { reviewer: "alpha", ranking: [], call, error: "the ranking left out Response B" },
          { reviewer: "beta", ranking: [], call: { ...call, model: "beta" }, error: "no ranking" },
        ],
      },
    });
    assert.match(
      text,
      /Council review\nNo usable review: no ranking to show\.\n {2}✗ review by alpha failed: the ranking left out Response B\n {2}✗ review by beta failed: no ranking\n/,
    );
  });

  it("says which path an adaptive consultation took, each reviewer's consistency, and agreement by family", () => {
    const call = { model: "alpha", modelId: "alpha-1", modelDisplayName: "alpha", latencyMs: 5 };
    const text = printed({
      adaptive: {
        path: "cheap",
        reason: "alpha and beta agree: agreement 0.9 is at or above 0.8 (same \u001b[2Jcause)",
        agreement: 0.9,
        threshold: 0.8,
        firstModels: ["alpha", "beta"],
      },
      synthesis: synthesis({
        assessment: {
          agreement: { score: 0.9, reason: "same cause" },
          consensus: [],
          dissent: [],
          familyAgreement: {
            score: 0.5,
            answer: "yes",
            families: [
              { family: "OpenAI GPT", models: ["alpha", "gamma"] },
              { family: "xAI Grok", models: ["beta"] },
            ],
          },
        },
      }),
      review: {
        ranking: [{ model: "beta", points: 1, meanRank: 1, reviews: 1 }],
        reviews: [
          { reviewer: "alpha", ranking: [], call, consistency: 1, weight: 1 },
          { reviewer: "beta", ranking: [], call, consistency: 0, weight: 0, inconsistent: true },
        ],
      },
    });
    assert.ok(!text.includes("\u001b"), JSON.stringify(text));
    assert.match(
      text,
      /^Adaptive: answered by alpha and beta alone \(alpha and beta agree: agreement 0\.9 is at or above 0\.8 \(same \[2Jcause\)\)\.$/m,
    );
    assert.match(
      text,
      /^By family 50%: each model family counts as one voice \(alpha, gamma: OpenAI GPT\)$/m,
    );
    assert.match(text, /^ {2}consistency in swapped orders: alpha 100%, beta 0%$/m);
    assert.match(
      text,
      /^ {2}! beta not counted: its ranking changed with the order the answers were shown in$/m,
    );
  });

  it("keeps a model's escape sequences out of the assessment and the rounds", () => {
    const text = printed({
      synthesis: synthesis({
        assessment: {
          agreement: { score: 0.5, reason: "half \u001b[2Jcleared" },
          consensus: ["one\u001b]0;title\u0007 point"],
          dissent: [],
          verdict: { decision: "unsure", reason: "unclear", votes: [{ model: "alpha", vote: "unsure" }] },
        },
      }),
      rounds: [
        { round: 1, opinions: [] },
        {
          round: 2,
          opinions: [],
          changes: [{ model: "beta", changedPosition: false, why: "same\u001b[31m" }],
        },
      ],
    });
    assert.ok(!text.includes("\u001b"), JSON.stringify(text));
    assert.match(text, /^Agreement █{5}░{5} 50%: half \[2Jcleared$/m);
    assert.match(text, /^Verdict: UNSURE: unclear\n {2}alpha UNSURE$/m);
    assert.match(text, /^Debate \(2 rounds\)\nRound 2:\n {2}= beta kept its position: same\[31m$/m);
  });

  it("shows each model's reasoning tokens and searches, and what it could not search or read", () => {
    const text = printed({
      primary: {
        ...opinion("alpha", "Alpha's answer."),
        tokensUsed: 400,
        reasoning: "high",
        reasoningTokens: 300,
        webSearches: 2,
        webSearch: { searched: true },
        citations: [{ title: "Otters", url: "https://example.org/otters" }],
      },
      secondaryOpinions: [
        {
          ...opinion("beta", "Beta's answer."),
          reasoning: "high",
          webSearch: {
            searched: false,
            note: "Beta cannot search the web; this answer comes from what it knows.",
          },
          unseenAttachments: [
            { name: "diagram.png", reason: "Beta does not read images; it answered without this file." },
            { name: "paper\u001b[2J.pdf", reason: "Beta does not read PDFs; it answered without this file." },
          ],
        },
      ],
    });
    assert.match(
      text,
      /^✓ alpha \(alpha\) 10 ms, 400 tokens · 300 reasoning tokens \(high\) · 2 web searches · 1 source$/m,
    );
    assert.doesNotMatch(text, /alpha.*\n {2}could not search/);
    assert.match(
      text,
      /^✓ beta \(beta\) 10 ms · reasoning high\n {2}could not search: Beta cannot search the web; this answer comes from what it knows\.\n {2}did not see: diagram\.png \(Beta does not read images; it answered without this file\.\)\n {2}did not see: paper\[2J\.pdf \(Beta does not read PDFs; it answered without this file\.\)\n\nBeta's answer\./m,
    );
    // No synthesis: the lone sources are still listed.
    assert.match(text, /^Sources\n1\. Otters https:\/\/example\.org\/otters$/m);
  });
  it("says which strategy auto chose and from how many eval runs", () => {
    const text = printed({
      strategyChoice: {
        chosen: "council",
        category: "logic",
        reason: "most accurate per dollar on logic questions: 100% right at $0.0400 an answer over 2 answers",
        evidence: [
          { run: "r1", strategy: "council", answers: 2, accuracy: 1, costUsd: 0.04 },
          { run: "r2", strategy: "best-single", answers: 2, accuracy: 0, costUsd: 0.01 },
        ],
      },
    });
    assert.match(
      text,
      /^Strategy auto: council from 2 eval runs: most accurate per dollar on logic questions: 100% right at \$0\.0400 an answer over 2 answers\.$/m,
    );
  });
});
