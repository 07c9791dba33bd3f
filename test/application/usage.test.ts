// One usage report for a user, however it is asked for: by the caller itself (the `usage` tool, the
// web page) or by the operator naming the user (`ai-universe usage --user`): the same counts, and the
// report itself not counted (nor task polls, which have their own allowance).

import assert from "node:assert/strict";
import { describe, it, mock } from "node:test";
import { defaultTiers } from "../../src/configuration/access.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

describe("usage", () => {
  it("is the same for the caller and for the operator naming the user, and counts every use case but itself", async (t) => {
    // The clock stands still, so the two reports' reset times are the same.
    mock.timers.enable({ apis: ["Date"], now: Date.parse("2026-11-30T10:00:00Z") });
    t.after(() => mock.timers.reset());
    const { application } = consultationFixture(undefined, {
      access: { auth: { mode: "api-key", trustProxy: false }, tiers: defaultTiers },
    });
    const { key } = await application.createApiKey({ userId: "ann", tier: "user" });
    const found = await application.identify({ bearer: key, resource: "http://127.0.0.1:1/mcp" });
    assert.ok("identity" in found);
    const { caller } = found.identity;
    await application.listConversations(caller, {});
    await application.searchConversations(caller, { query: "anything" });
    await application.listTasks(caller, {}); // a task poll: its own allowance, not the hour's requests
    await application.usage(caller);
    const asked = await application.usage(caller);
    const named = await application.usage(await application.callerOfUser({ userId: "ann" }));
    assert.deepEqual(named, asked);
    assert.equal(asked.userId, "ann");
    assert.equal(asked.tier, "user");
    assert.equal(asked.requests.hour.used, 2);
    assert.equal(asked.requests.hour.limit, defaultTiers.user?.requestsPerHour);
  });
});
