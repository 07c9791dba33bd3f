// Agent CLI panelists in the application, with fake models: their opinions say a subscription paid
// ("billing": "subscription", no cost in USD, tokens kept) in the result and in its usage line, and the
// caller's tier counts their calls a day: past the limit each such call fails with a message naming the
// limit, while the priced models answer on; a tier that allows none refuses them at once.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { usageLine } from "../../src/application/index.ts";
import { defaultTiers } from "../../src/configuration/access.ts";
import { consultationFixture, fakeEntries } from "../support/consultation-fixture.ts";
import { assertMatchesSchema } from "../support/seed-schemas.ts";

const signal = new AbortController().signal;
const [priced, ...rest] = fakeEntries;
const clis = rest.slice(0, 2).map((entry) => ({ ...entry, billing: "subscription" as const }));
const question = {
  question: "Which queue?",
  primaryModel: priced?.name,
  secondaryModels: clis.map((entry) => entry.name),
  synthesisModel: priced?.name,
};
const caller = { userId: "ann", tier: "cli-user" };
const unlimited = {
  requestsPerHour: null,
  requestsPerDay: null,
  dailyBudgetUsd: null,
  unpricedModels: "allow" as const,
};
const fixtureWith = (agentCliCallsPerDay: number) =>
  consultationFixture([priced, ...clis] as typeof fakeEntries, {
    access: {
      auth: { mode: "api-key", trustProxy: false },
      tiers: { ...defaultTiers, "cli-user": { ...unlimited, agentCliCallsPerDay } },
    },
  });

describe("agent CLI panelists paid by a subscription", () => {
  it("shows their cost as paid by subscription, with tokens, and counts their calls against the tier", async () => {
    const { application } = fixtureWith(2);
    const first = await application.secondOpinion(caller, question, { signal });
    assertMatchesSchema("secondOpinion", first);
    for (const opinion of first.secondaryOpinions) {
      assert.equal(opinion.error, undefined, opinion.response);
      assert.equal(opinion.billing, "subscription");
      assert.equal(opinion.cost, undefined, "a subscription pays: no price is made up");
      assert.ok((opinion.tokensUsed ?? 0) > 0);
      assert.match(usageLine(opinion), /tokens, paid by subscription$/);
    }
    assert.equal(first.primary.billing, undefined);
    assert.ok((first.primary.cost ?? 0) > 0);

    const second = await application.secondOpinion(caller, question, { signal });
    assert.equal(second.primary.error, undefined, "the priced model answers on");
    for (const opinion of second.secondaryOpinions) {
      assert.equal(opinion.error, true);
      assert.match(opinion.response, /allows 2 agent CLI calls .* per day\. Retry after/);
    }
  });

  it("refuses them at once for a tier that allows none, saying what to do", async () => {
    const { application } = fixtureWith(0);
    const result = await application.secondOpinion(caller, question, { signal });
    for (const opinion of result.secondaryOpinions) {
      assert.equal(opinion.error, true);
      assert.match(opinion.response, /allows no agent CLI calls.*Ask other models/);
    }
  });
});
