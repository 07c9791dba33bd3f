// The page's "Replay" button, in a real browser: a stored answer's question is asked again of today's panel
// as a new turn, which shows what changed since (the verdict before and after, the claims) above its
// answer, and the conversation then holds both turns.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { signedInPage, usePageWorld } from "./support/browser.ts";

describe("the page's Replay button", () => {
  const world = usePageWorld(["pia"]);

  it("asks a stored question again as a new turn that says what changed", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("pia"));
    try {
      await page.getByLabel(/question/).fill("Ask me again later");
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
      await page.getByRole("button", { name: "Replay" }).first().click();
      const changed = page.getByRole("region", { name: "What changed" });
      await changed.waitFor({ timeout: 20_000 });
      assert.match((await changed.textContent()) ?? "", /Replay of turn 1: what changed[\s\S]*Verdict: /);
      assert.equal(await page.locator(".turn").count(), 2);
      assert.equal(
        await page.locator(".turn").last().locator(".question").textContent(),
        "Q: Ask me again later",
      );
    } finally {
      await context.close();
    }
  });
});
