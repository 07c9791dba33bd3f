// The web page as a person sees it, in a real browser (Debian's Chromium driven by playwright-core):
// the charts' labels clear of their bars, the synthesis's sources under a heading, each conversation at
// its own address (kept by a reload, walked by back and forward, and a clear message for one that is
// not the user's), and on a phone the conversation list folded behind a button.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { signedInPage, usePageWorld } from "./support/browser.ts";
import { modelIds } from "./support/e2e-fixture.ts";

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Asserts that no label of `chart` runs into a bar. */
async function assertLabelsClear(chart: Locator, where: string) {
  const boxes = await chart.evaluate((figure) => {
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    return {
      labels: Array.from(figure.querySelectorAll(".chart-label")).map((label) => ({
        text: label.textContent ?? "",
        ...box(label),
      })),
      bars: Array.from(figure.querySelectorAll("rect")).map(box),
    };
  });
  assert.ok(boxes.labels.length > 1 && boxes.bars.length === boxes.labels.length, where);
  for (const label of boxes.labels) {
    for (const bar of boxes.bars) {
      assert.ok(!overlap(label, bar), `${where}: the label "${label.text}" runs into a bar`);
    }
  }
}

describe("the web page as a person sees it", () => {
  const world = usePageWorld(["nora", "omar"]);

  const ask = async (page: Page, question: string) => {
    await page.getByLabel(/question/).fill(question);
    await page.getByRole("button", { name: "Ask" }).click();
    await page
      .locator(".turn")
      .last()
      .getByRole("article", { name: "Synthesis" })
      .waitFor({ timeout: 20_000 });
  };

  it("draws chart labels clear of their bars and heads the synthesis's sources, on a desktop and a phone", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("nora"));
    world.simulator.setBehaviour(modelIds.gemini, {
      text: "Gemini says: use SQLite on one node.",
      citations: [{ url: "https://sqlite.org/wal.html", title: "Write-Ahead Logging" }],
    });
    try {
      await page.getByLabel(/question/).fill("Which database for one node?");
      await page.getByText(/^Models/).click();
      await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();
      await page.getByRole("checkbox", { name: "Search the web" }).check();
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    } finally {
      world.simulator.reset();
    }
    const sources = page.getByRole("article", { name: "Synthesis" }).getByRole("region", { name: "Sources" });
    await sources.getByRole("heading", { name: "Sources", level: 3 }).waitFor();
    await sources.getByRole("link", { name: "Write-Ahead Logging" }).waitFor();
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const name of ["Latency of each model", "Cost of each model"]) {
        const chart = page.getByRole("figure", { name });
        await chart.getByText(/^synthesis \(/).waitFor();
        await assertLabelsClear(chart, `${name} at ${viewport.width} px`);
      }
    }
    await context.close();
  });

  it("keeps the open conversation at its own address: through a reload, back and forward", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("nora"));
    await ask(page, "First conversation about otters");
    const first = new URL(page.url()).hash;
    assert.match(first, /^#\/c\/.+/);
    await page.getByRole("button", { name: "New question" }).click();
    assert.equal(new URL(page.url()).hash, "#/");
    assert.equal(await page.locator(".turn").count(), 0);
    await ask(page, "Second conversation about beavers");
    const second = new URL(page.url()).hash;
    assert.match(second, /^#\/c\/.+/);
    assert.notEqual(second, first);

    await page.reload();
    await page.locator(".turn .question", { hasText: "Second conversation about beavers" }).waitFor();
    assert.equal(new URL(page.url()).hash, second);

    await page.getByRole("button", { name: /^First conversation about otters/ }).click();
    await page.locator(".turn .question", { hasText: "First conversation about otters" }).waitFor();
    assert.equal(new URL(page.url()).hash, first);
    await page.goBack();
    await page.locator(".turn .question", { hasText: "Second conversation about beavers" }).waitFor();
    assert.equal(
      await page.locator(".turn .question", { hasText: "First conversation about otters" }).count(),
      0,
    );
    await page.goForward();
    await page.locator(".turn .question", { hasText: "First conversation about otters" }).waitFor();

    // The address opens it in a fresh tab too, once signed in; another user is told it is not theirs.
    const fresh = await context.newPage();
    await fresh.goto(`${world.server.url}/${first}`);
    await fresh.locator(".turn .question", { hasText: "First conversation about otters" }).waitFor();
    const other = await signedInPage(world.browser, world.server.url, world.key("omar"));
    await other.page.goto(`${world.server.url}/${first}`);
    await other.page
      .getByRole("alert")
      .getByText(/not among yours/)
      .waitFor();
    assert.equal(await other.page.getByText("First conversation about otters").count(), 0);
    await other.page.goto(`${world.server.url}/#/c/no-such-conversation`);
    await other.page
      .getByRole("alert")
      .getByText(/not among yours/)
      .waitFor();
    await other.context.close();
    await context.close();
  });

  it("folds the conversation list behind a button on a phone, and shows it whole on a desktop", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("nora"), {
      width: 390,
      height: 844,
    });
    const menu = page.getByRole("button", { name: "Conversations", exact: true });
    const rename = page.getByRole("button", { name: /^Rename First conversation about otters/ });
    assert.equal(await menu.getAttribute("aria-expanded"), "false");
    assert.equal(await rename.isVisible(), false, "the list shows on a phone before it is asked for");
    const question = await page.getByLabel(/question/).boundingBox();
    assert.ok(question && question.y + question.height < 844, "the question box is below the first screen");

    await menu.click();
    assert.equal(await menu.getAttribute("aria-expanded"), "true");
    await rename.waitFor();
    await page.getByRole("button", { name: /^First conversation about otters/ }).click();
    await page.locator(".turn .question", { hasText: "First conversation about otters" }).waitFor();
    assert.equal(await menu.getAttribute("aria-expanded"), "false");
    assert.equal(await rename.isVisible(), false, "the list stayed open after a conversation was chosen");

    await page.setViewportSize({ width: 1280, height: 900 });
    assert.equal(await menu.isVisible(), false, "the fold button shows on a desktop");
    await rename.waitFor();
    await context.close();
  });
});
