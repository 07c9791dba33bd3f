// Answers streamed as progress are scrubbed of secrets like stored answers, and a secret that arrives
// in pieces never leaves in part: the tail that could start one waits for the next piece.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { safeEnd, textProgress } from "../../src/consultation/model-call/text-progress.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";

const secret = "sk-live-0123456789";

describe("text progress", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  const deltas = (events: ConsultationEvent[]) =>
    events.map((event) => (event.type === "model-text" ? event.delta : ""));

  it("holds back a tail that may start a secret and sends the secret only as [redacted]", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), [secret]);
    progress.onPartial({ text: "Your key is sk-li" });
    mock.timers.tick(100);
    progress.onPartial({ text: "Your key is sk-live-01234" });
    mock.timers.tick(100);
    progress.onPartial({ text: `Your key is ${secret}, keep it safe.` });
    mock.timers.tick(100);
    progress.flush();
    assert.deepEqual(deltas(events), ["Your key is ", "[redacted], keep it safe."]);
  });

  it("sends a held-back tail that turned out not to be a secret when the answer is complete", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("grok", "opinion", (event) => events.push(event), [secret]);
    progress.onPartial({ text: "Ends with sk-" });
    mock.timers.tick(100);
    progress.flush();
    assert.deepEqual(deltas(events), ["Ends with ", "sk-"]);
  });

  it("takes the text of a structured answer from its field", () => {
    const events: ConsultationEvent[] = [];
    const progress = textProgress("claude", "synthesis", (event) => events.push(event), [], "synthesis");
    progress.onPartial({ object: { synthesis: "All agree" } });
    progress.flush();
    assert.deepEqual(deltas(events), ["All agree"]);
  });

  it("finds where text may start a secret", () => {
    assert.equal(safeEnd("abc sk-live", [secret]), 4);
    assert.equal(safeEnd("abc", [secret]), 3);
    assert.equal(safeEnd("abc s", ["xyz", "sk"]), 4);
  });
});
