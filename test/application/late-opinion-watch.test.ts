// Following an answer's late opinions: the stored turn at once with the model still running, then the
// turn with its opinion as soon as it lands (announced on the store's broadcast, not found by waiting
// for a re-read), the watch over when none is pending; a model that can no longer land ends it at once;
// another user's answer is not found; a model stopped after the answer (the late signal) is stored
// as stopped, so the turn is complete.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Caller, localCaller } from "../../src/application/caller.ts";
import { watchLateOpinions } from "../../src/application/late-opinion-watch.ts";
import { stoppedResponse } from "../../src/application/turns/late-opinions.ts";
import type { SecondOpinion } from "../../src/contract/opinions.ts";
import { ServiceError } from "../../src/contract/service-error.ts";
import { consultationFixture, deferred } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const question = { question: "Which queue?", primaryModel: "alpha", secondaryModels: ["beta", "gamma"] };

/** An answer given within 200 ms while gamma is held open. */
async function answerWithoutGamma(lateSignal?: AbortSignal) {
  const fixture = consultationFixture(undefined, { answerByMs: 200 });
  const gamma = deferred();
  fixture.models.script("gamma-1", { text: "gamma, late but sure", gate: gamma.promise });
  const result = await fixture.application.secondOpinion(localCaller, question, {
    signal,
    client: { via: "web" },
    ...(lateSignal ? { lateSignal } : {}),
  });
  assert.deepEqual(result.pendingModels, ["gamma"]);
  const sources = { store: fixture.store, defaults: fixture.services.defaults, rereadMs: 3_600_000 };
  return { ...fixture, gamma, result, sources, messageId: result.assistantMessageId ?? "" };
}

const gammaOf = (turn: SecondOpinion | undefined) =>
  turn?.secondaryOpinions.find((opinion) => opinion.model === "gamma");

describe("following late opinions", () => {
  it("shows the turn at once, then with the late opinion as it lands, and ends when none is pending", {
    timeout: 10_000,
  }, async () => {
    const { gamma, sources, messageId } = await answerWithoutGamma();
    const turns: SecondOpinion[] = [];
    let first: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      first = resolve;
    });
    const watching = watchLateOpinions(
      sources,
      localCaller,
      { messageId },
      {
        signal,
        onTurn: (turn) => {
          turns.push(turn);
          first();
        },
      },
    );
    await shown;
    assert.equal(gammaOf(turns[0])?.pending, true);
    gamma.resolve();
    // The re-read is an hour away: only the announcement can end the watch.
    assert.deepEqual(await watching, []);
    const last = turns.at(-1);
    assert.equal(gammaOf(last)?.response, "gamma, late but sure");
    assert.equal(gammaOf(last)?.late, true);
    assert.equal(last?.pendingModels, undefined);
    assert.equal(last?.summary.successfulModels, 3);
  });

  it("ends at once, naming the model, when its call can no longer land", async () => {
    const { gamma, sources, messageId } = await answerWithoutGamma();
    const turns: SecondOpinion[] = [];
    const hourLater = Date.now() + 3_600_000;
    const unlanded = await watchLateOpinions(
      { ...sources, now: () => hourLater },
      localCaller,
      { messageId },
      { signal, onTurn: (turn) => turns.push(turn) },
    );
    assert.deepEqual(unlanded, ["gamma"]);
    assert.equal(turns.length, 1);
    gamma.resolve();
  });

  it("does not show another user's answer", async () => {
    const { gamma, sources, messageId } = await answerWithoutGamma();
    const stranger: Caller = { ...localCaller, userId: "someone-else" };
    await assert.rejects(
      watchLateOpinions(sources, stranger, { messageId }, { signal, onTurn: () => {} }),
      (error: unknown) => error instanceof ServiceError && error.code === "conversation_not_found",
    );
    gamma.resolve();
  });

  it("stores a model stopped after the answer as stopped, completing the turn", async () => {
    const stop = new AbortController();
    const { sources, messageId } = await answerWithoutGamma(stop.signal);
    const turns: SecondOpinion[] = [];
    const watching = watchLateOpinions(
      sources,
      localCaller,
      { messageId },
      { signal, onTurn: (turn) => turns.push(turn) },
    );
    stop.abort();
    assert.deepEqual(await watching, []);
    const stopped = gammaOf(turns.at(-1));
    assert.equal(stopped?.error, true);
    assert.equal(stopped?.late, true);
    assert.equal(stopped?.response, stoppedResponse);
    assert.equal(stopped?.modelDisplayName, "Model gamma");
    assert.equal(turns.at(-1)?.summary.failedModels, 1);
  });
});
