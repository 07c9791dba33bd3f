// The open stage: the worst case is held before any call, then every participant is asked at once;
// an adaptive turn asks two cheap models of different families first and, when they agree, no more.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openPanel } from "../../../src/consultation/council/stages/open.ts";
import { planPanel } from "../../../src/consultation/council/stages/plan.ts";
import type { ConsultationEvent } from "../../../src/contract/progress-events.ts";
import { consultationFixture } from "../../support/consultation-fixture.ts";
import { question, three } from "./panel-record.ts";

const signal = new AbortController().signal;

/** A synthesis whose assessment finds the two in agreement. */
const agreed = {
  synthesis: "Blue.",
  agreement: { score: 0.95, reason: "both say blue" },
  consensus: [],
  dissent: [],
  verdict: null,
  positions: [],
};

describe("the open stage", () => {
  it("holds the worst case, then asks every participant at once", async () => {
    const { services, models } = consultationFixture();
    const held: number[] = [];
    const reserve = async (usd: number) => {
      assert.equal(models.calls.length, 0, "held before any call");
      held.push(usd);
    };
    const events: ConsultationEvent[] = [];
    const setup = planPanel(services, three, { unpricedModels: "allow", reserve });
    const opened = await openPanel(services, setup, question, [], {
      signal,
      onEvent: (event) => events.push(event),
    });
    assert.deepEqual(held, [opened.fitted.worstCaseUsd]);
    assert.deepEqual(
      opened.opening.asked.map(({ entry }) => entry.name),
      ["alpha", "beta", "gamma"],
    );
    const opinions = await Promise.all(opened.calls);
    assert.deepEqual(
      opinions.map((opinion) => opinion.response),
      ["answer of alpha-1", "answer of beta-1", "answer of gamma-1"],
    );
    assert.deepEqual(events[0], {
      type: "consultation-started",
      models: ["alpha", "beta", "gamma"],
      synthesis: true,
    });
  });

  it("asks no model when the hold is refused", async () => {
    const { services, models } = consultationFixture();
    const reserve = async () => {
      throw new Error("over the daily budget");
    };
    const setup = planPanel(services, three, { unpricedModels: "allow", reserve });
    await assert.rejects(openPanel(services, setup, question, [], { signal }), /over the daily budget/);
    assert.equal(models.calls.length, 0);
  });

  it("adaptive: asks two of different families first, and stops there when they agree", async () => {
    const { services, models } = consultationFixture();
    const choice = {
      primaryModel: "alpha",
      secondaryModels: ["beta", "gamma", "delta"],
      strategy: "adaptive" as const,
    };
    // The same price everywhere: the first two are alpha and beta (two vendors); alpha writes the synthesis.
    models.script("alpha-1", { text: "Blue." }, { object: agreed });
    models.script("beta-1", { text: "Blue." });
    const setup = planPanel(services, choice, { unpricedModels: "allow" });
    const opened = await openPanel(services, setup, question, [], { signal });
    assert.equal(opened.opening.adaptive?.path, "cheap");
    assert.equal(opened.opening.asked.length, 2);
    assert.equal(opened.opening.firstSynthesis?.response, "Blue.");
    const asked = new Set(models.calls.map((call) => call.model));
    assert.equal(asked.size, 2, "only the first two were asked");
  });
});
