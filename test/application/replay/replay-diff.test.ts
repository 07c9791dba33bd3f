// The diff between a stored turn's assessment and its replay's: the verdict, the agreement, the claims
// added and dropped (by normalised text) and the models that changed their mind.

import assert from "node:assert/strict";
import { test } from "node:test";
import { diffAssessments, normalisedClaim } from "../../../src/application/replay/replay-diff.ts";
import type { Assessment } from "../../../src/contract/opinions.ts";
import { describeReplayDiff } from "../../../src/contract/replay.ts";

function assessment(parts: Partial<Assessment>): Assessment {
  return { agreement: { score: 0.5, reason: "some" }, consensus: [], dissent: [], ...parts };
}

const claim = (text: string, backers: string[], contradictors: string[] = []) => ({
  claim: text,
  backers,
  contradictors,
  citations: [],
  marks: [],
});

test("a verdict that turned from go to block is reported as changed, with the agreement before and after", () => {
  const before = assessment({
    agreement: { score: 0.9, reason: "all agree" },
    verdict: { decision: "go", reason: "safe", votes: [{ model: "claude", vote: "go" }] },
  });
  const after = assessment({
    agreement: { score: 0.4, reason: "split" },
    verdict: { decision: "block", reason: "unsafe", votes: [{ model: "claude", vote: "block" }] },
  });
  const diff = diffAssessments(before, after);
  assert.deepEqual(diff.verdict, { before: "go", after: "block", changed: true });
  assert.deepEqual(diff.agreement, { before: 0.9, after: 0.4 });
  assert.deepEqual(diff.changedMinds, [{ model: "claude", change: "voted go, now block" }]);
  assert.match(describeReplayDiff(diff).join("\n"), /Verdict: go → block/);
});

test("claims are compared by their normalised text: a reworded case and punctuation is the same claim", () => {
  const before = assessment({
    claims: [claim("The migration is reversible.", ["claude"]), claim("Tests cover it", ["gpt"])],
  });
  const after = assessment({
    claims: [claim("the migration is  REVERSIBLE", ["claude"]), claim("It needs a lock", ["gemini"])],
  });
  const diff = diffAssessments(before, after);
  assert.deepEqual(diff.claimsAdded, ["It needs a lock"]);
  assert.deepEqual(diff.claimsDropped, ["Tests cover it"]);
  assert.equal(normalisedClaim("Hello, World!"), "hello world");
  const text = describeReplayDiff(diff).join("\n");
  assert.match(text, /\+ claim: It needs a lock/);
  assert.match(text, /- claim: Tests cover it/);
});

test("a model that backed a claim and now contradicts it, or the reverse, changed its mind", () => {
  const before = assessment({ claims: [claim("It is safe", ["claude", "gpt"], ["grok"])] });
  const after = assessment({ claims: [claim("it is safe", ["grok", "gpt"], ["claude"])] });
  const diff = diffAssessments(before, after);
  assert.deepEqual(
    diff.changedMinds.map((entry) => entry.model),
    ["claude", "grok"],
  );
  assert.match(diff.changedMinds[0]?.change ?? "", /backed "it is safe", now contradicts it/);
  assert.deepEqual(diff.claimsAdded, []);
  assert.equal(diff.verdict.changed, false);
});

test("an old turn without an assessment diffs against nothing: every new claim is added", () => {
  const diff = diffAssessments(undefined, assessment({ claims: [claim("A", ["claude"])] }));
  assert.deepEqual(diff.agreement, { before: null, after: 0.5 });
  assert.deepEqual(diff.claimsAdded, ["A"]);
  assert.deepEqual(diff.changedMinds, []);
});
