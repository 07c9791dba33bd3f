// The web page shows late opinions arriving: a question asked with the server's answer-by time while
// grok is slow gets its synthesis without grok, grok's place saying it is still answering; grok's
// opinion then appears in that turn, marked as landed after the synthesis, with no reload, and the
// totals count it. The same for an answer opened from the sidebar while its model is still running.
// Screenshots go to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { signedInPage, usePageWorld } from "./support/browser.ts";
import { modelIds } from "./support/e2e-fixture.ts";

const artifacts = fileURLToPath(new URL("../../artifacts/web/", import.meta.url));

describe("the web page with late opinions", () => {
  const world = usePageWorld(["lena"], { modelDeadlineMs: 60_000, answerWithinMs: 5000 });
  before(() => mkdirSync(artifacts, { recursive: true }));

  /** Asks `question` of the default primary and grok, with the page's default answer-by time. */
  const askWithGrok = async (page: Page, question: string) => {
    await page.getByLabel(/question/).fill(question);
    await page.getByText(/^Models/).click();
    await page.getByRole("checkbox", { name: /^Grok/ }).check();
    await page.getByRole("button", { name: "Ask" }).click();
  };

  it("shows grok still answering beside the synthesis, then its opinion as it lands", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("lena"));
    // Grok answers only when released: past the server's answer-by time (5 s), within its deadline (60 s).
    world.simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-AFTER-THE-SYNTHESIS" });
    const releaseGrok = world.simulator.hold(modelIds.grok);
    await askWithGrok(page, "Is a slow model worth the wait?");
    const turn = page.locator(".turn").first();
    await turn.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    const grok = turn.getByRole("article", { name: "Opinion of grok" });
    await grok.getByText("Still answering: its opinion appears here when it lands.").waitFor();
    assert.equal(await grok.getAttribute("aria-busy"), "true");
    await turn.getByText(/The synthesis did not hear from grok/).waitFor();
    assert.match((await turn.locator(".totals").textContent()) ?? "", /^1 of 2 models answered/);
    await page.screenshot({ path: join(artifacts, "late-01-still-answering.png"), fullPage: true });

    // No reload: the opinion appears in the same turn when it lands.
    releaseGrok();
    await grok.getByText("GROK-LANDED-AFTER-THE-SYNTHESIS").waitFor({ timeout: 30_000 });
    await grok.getByText("landed after the synthesis").waitFor();
    assert.equal(await grok.getAttribute("aria-busy"), null);
    assert.equal(await turn.getByText(/Still answering/).count(), 0);
    assert.equal(await turn.getByText(/The synthesis did not hear from grok/).count(), 0);
    assert.match((await turn.locator(".totals").textContent()) ?? "", /^2 of 2 models answered/);
    await page.screenshot({ path: join(artifacts, "late-02-landed.png"), fullPage: true });
    await context.close();
  });

  it("fills in a late opinion of an answer opened from the sidebar while it runs", async () => {
    const first = await signedInPage(world.browser, world.server.url, world.key("lena"));
    // Grok still answers when the page is opened again, until released.
    world.simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-WHILE-REOPENED" });
    const releaseGrok = world.simulator.hold(modelIds.grok);
    await askWithGrok(first.page, "Opened again while grok thinks?");
    await first.page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    await first.context.close();

    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("lena"));
    await page.getByRole("button", { name: /^Opened again while grok thinks/ }).click();
    const grok = page.locator(".turn").first().getByRole("article", { name: "Opinion of grok" });
    await grok.getByText("Still answering: its opinion appears here when it lands.").waitFor();
    releaseGrok();
    await grok.getByText("GROK-LANDED-WHILE-REOPENED").waitFor({ timeout: 30_000 });
    await grok.getByText("landed after the synthesis").waitFor();
    await context.close();
  });
});
