// The claims the synthesis model lists, as the result shows them: backers and contradictors named only
// as the participants (Markdown, numbering and case undone; invented names dropped), sources read back
// by number, a claim no participant states left out, one stated by one model or contradicted marked.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { claimsAnswer, claimsOf, maximumClaims } from "../../src/consultation/council/claims.ts";
import { participantName, participantsOnly } from "../../src/consultation/council/participant-names.ts";

const participants = [
  { model: "claude", modelDisplayName: "Claude Opus" },
  { model: "gemini", modelDisplayName: "Gemini Pro" },
  { model: "grok", modelDisplayName: "Grok 4.7" },
];
const sources = [
  { title: "WAL", url: "https://sqlite.org/wal.html" },
  { title: "Replication", url: "https://postgresql.org/docs/replication" },
];

describe("participant names", () => {
  it("reads a written name back as a participant's, and drops one that names none", () => {
    assert.equal(participantName("**Gemini**", participants), "gemini");
    assert.equal(participantName("2. `grok` (Grok 4.7)", participants), "grok");
    assert.equal(participantName("GPT-9", participants), undefined);
    assert.deepEqual(participantsOnly(["claude", "Claude", "_grok_", "the chairman"], participants), [
      "claude",
      "grok",
    ]);
  });
});

describe("claims with their backers", () => {
  it("keeps participants only, reads sources by number, and marks weak claims", () => {
    const claims = claimsOf(
      [
        {
          claim: "WAL mode allows one writer",
          models: ["**claude**", "Gemini"],
          contradictedBy: [],
          sources: [1, 7],
        },
        {
          claim: "Replicas need PostgreSQL",
          models: ["grok", "gpt-9"],
          contradictedBy: ["claude"],
          sources: [2],
        },
        { claim: "Invented consensus", models: ["the chairman"], contradictedBy: [], sources: [] },
      ],
      participants,
      sources,
    );
    assert.deepEqual(claims, [
      {
        claim: "WAL mode allows one writer",
        backers: ["claude", "gemini"],
        contradictors: [],
        citations: [sources[0]],
        marks: [],
      },
      {
        claim: "Replicas need PostgreSQL",
        backers: ["grok"],
        contradictors: ["claude"],
        citations: [sources[1]],
        marks: ["one model", "contradicted"],
      },
    ]);
  });

  it("lists at most twelve, and reads a reply without claims as none", () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      claim: `claim ${index}`,
      models: ["claude", "grok"],
      contradictedBy: [],
      sources: [],
    }));
    assert.equal(claimsOf(many, participants, sources).length, maximumClaims);
    assert.deepEqual(claimsAnswer.parse(undefined), []);
  });
});
