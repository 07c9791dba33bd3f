// What a question can ask for on the web page, in a real browser (Debian's Chromium driven by
// playwright-core) against a real server with API keys and the provider simulator: a council (review, two
// rounds, a side) with its answers forming live, then the verdict, the ranking and the rounds; the
// Markdown the council writes in those one-line fields rendered, its hostile parts inert; an
// adaptive question chosen under Council, saying which path it took; an image attached with web search
// and reasoning, reaching the models that read it, with what each model could not search or see;
// deprecated models marked and the prices' date. The page itself (signing in, conversations, users,
// limits, the phone and the dark theme): web-page.test.ts. Screenshots go to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { tinyPng } from "../support/attachment-files.ts";
import { signedInPage, usePageWorld } from "./support/browser.ts";
import { changedMind, councilText, markdownCouncilText } from "./support/council-script.ts";

const artifacts = fileURLToPath(new URL("../../artifacts/web/", import.meta.url));

describe("what a question can ask for on the web page", () => {
  const world = usePageWorld(["dana", "erin"]);
  before(() => mkdirSync(artifacts, { recursive: true }));
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(artifacts, `question-${name}.png`), fullPage: true });
  const signedIn = (user: string) => signedInPage(world.browser, world.server.url, world.key(user));

  it("runs a council: answers form live, then the verdict, the review's ranking and the debate rounds", async () => {
    const { context, page } = await signedIn("dana");
    const panels = (await (await page.request.get(`${world.server.url}/api/models`)).json()) as {
      panels: { name: string }[];
    };
    assert.ok(
      panels.panels.some((panel) => panel.name === "deep"),
      "/api/models lists no panels",
    );
    // Every model answers after 1.5 s but the primary, after 0.1 s (a marker in the question sets the delay).
    world.simulator.setDefaultBehaviour({ text: councilText, latencyMs: 1500, latencyFromPrompt: true });
    try {
      await page
        .getByLabel("Your question")
        .fill("SQLite or PostgreSQL for one node? [latency gpt-oss-120b=100]");
      await page.getByText(/^Models/).click();
      await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();
      await page.getByRole("checkbox", { name: /^Grok 4/ }).check();
      await page.getByText(/^Council/).click();
      await page.getByRole("checkbox", { name: /^Review/ }).check();
      await page.getByLabel("Debate rounds").selectOption("2");
      await page.getByLabel("Side of grok").selectOption("against");
      // A panel's primary takes part too, so it can be given a side; back to the default models.
      await page.getByLabel("Panel").selectOption("fast");
      await page.getByLabel("Side of cerebras").waitFor();
      await page.getByLabel("Panel").selectOption("");
      assert.equal(await page.getByLabel("Side of cerebras").count(), 0);
      // Gemini's first answer waits until the page has been looked at while the consultation runs, so a
      // busy machine cannot finish it between two looks.
      const releaseGemini = world.simulator.hold("gemini-3.1-pro-preview");
      try {
        await page.getByRole("button", { name: "Ask" }).click();
        const forming = page.getByRole("region", { name: "Answer of cerebras forming" });
        await forming.getByText("For: SQLite is enough on one node.").waitFor();
        assert.equal(
          await page.getByRole("article", { name: "Synthesis" }).count(),
          0,
          "the answer formed only once the consultation was over",
        );
        assert.ok(
          (await page.getByRole("list", { name: "Progress" }).locator("li.running").count()) > 0,
          "nothing was still running",
        );
        await shot(page, "council-forming");
      } finally {
        releaseGemini();
      }
      await page
        .getByRole("region", { name: "Answer of grok forming" })
        .getByText(/revising in round 2/)
        .waitFor({ timeout: 20_000 });
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    } finally {
      world.simulator.setDefaultBehaviour({});
    }
    const verdict = page.getByRole("region", { name: "Verdict" });
    assert.match(
      (await verdict.textContent()) ?? "",
      /Verdict: BLOCK the against side showed a real migration risk.*cerebras GO.*gemini GO.*grok BLOCK/,
    );
    const assessment = page.getByRole("region", { name: "Assessment" });
    await assessment.getByText("Agreement 67%").waitFor();
    await assessment.getByText("PostgreSQL pays off once replicas are planned").waitFor();
    const ranking = page.getByRole("region", { name: "Council review" }).getByRole("table");
    const rankedModels = await ranking.locator("tbody th").allTextContents();
    assert.deepEqual([...rankedModels].sort(), ["cerebras", "gemini", "grok"]);
    assert.match(
      (await ranking.locator("tbody tr").first().textContent()) ?? "",
      /^1(cerebras|gemini|grok)\d/,
    );
    const rounds = page.getByRole("region", { name: "Debate rounds" });
    await rounds.getByText(/^Round 2 · 1 of 3 changed their position/).waitFor();
    await rounds.getByRole("list", { name: "Changes in round 2" }).getByText(changedMind).waitFor();
    assert.match(
      (await rounds.getByRole("listitem").filter({ hasText: changedMind }).textContent()) ?? "",
      /^grok changed its position/,
    );
    await page.getByRole("article", { name: "Opinion of grok" }).getByText("argued against").waitFor();
    await shot(page, "council");
    await page.reload();
    await page.getByRole("button", { name: /^SQLite or PostgreSQL for one node\?/ }).click();
    await page.getByRole("region", { name: "Verdict" }).getByText("BLOCK").first().waitFor();
    await page.getByRole("region", { name: "Debate rounds" }).getByText(changedMind).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the council's answer is ${width} px wide on a 390 px screen`);
    await page.getByRole("button", { name: "Switch theme" }).click();
    await shot(page, "council-phone-dark");
    await context.close();
  });

  it("renders the Markdown the council wrote in its one-line fields, its hostile parts inert", async () => {
    const { context, page } = await signedIn("erin");
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    world.simulator.setDefaultBehaviour({ text: markdownCouncilText });
    try {
      await page.getByLabel("Your question").fill("SQLite or PostgreSQL, in Markdown?");
      await page.getByText(/^Models/).click();
      await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();
      await page.getByRole("checkbox", { name: /^Grok 4/ }).check();
      await page.getByText(/^Council/).click();
      await page.getByRole("checkbox", { name: /^Review/ }).check();
      await page.getByLabel("Debate rounds").selectOption("2");
      await page.getByLabel("Side of grok").selectOption("against");
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    } finally {
      world.simulator.setDefaultBehaviour({});
    }
    const answer = page.getByRole("region", { name: "Answer", exact: true });
    const assessment = answer.getByRole("region", { name: "Assessment" });
    const review = answer.getByRole("region", { name: "Council review" });
    await review.getByText("What each reviewer said").click();
    const texts = (locator: Locator) => locator.allTextContents();
    assert.deepEqual(await texts(assessment.locator(".inline-markdown strong")), [
      "two",
      "against",
      "one writer",
    ]);
    assert.deepEqual(await texts(assessment.locator(".inline-markdown code")), ["SQLite", "migration"]);
    assert.deepEqual(
      await assessment.getByRole("list", { name: "Consensus" }).getByRole("listitem").allInnerTexts(),
      ["WAL mode handles one writer", "see the WAL page"],
    );
    assert.equal(
      await assessment.getByRole("link", { name: "the WAL page" }).getAttribute("href"),
      "https://sqlite.org/wal.html",
    );
    assert.deepEqual(
      await assessment.getByRole("list", { name: "Dissent" }).getByRole("listitem").allInnerTexts(),
      ["replicas matter <img src=x onerror=alert(1)> later (grok)"],
    );
    assert.ok((await texts(review.locator("li strong"))).includes("concrete"));
    const rounds = answer.getByRole("region", { name: "Debate rounds" });
    assert.deepEqual(
      await texts(rounds.getByRole("list", { name: "Changes in round 2" }).locator("strong")),
      ["cerebras", "gemini", "grok", "write load"],
    );
    // Nothing of a block in a one-line field, no Markdown mark left, nothing hostile made live.
    assert.equal(
      await answer.locator(".inline-markdown :is(h1, h2, h3, h4, p, ul, ol, li, pre, img)").count(),
      0,
    );
    assert.doesNotMatch((await answer.textContent()) ?? "", /\*\*|##|`/);
    assert.equal(await page.locator("img, a[href^='javascript' i]").count(), 0);
    assert.equal(await answer.getByRole("link", { name: "replicas" }).count(), 0);
    assert.equal(dialogs, 0);
    await shot(page, "council-markdown");
    await context.close();
  });

  it("asks adaptively when chosen under Council, and says which path the answer took", async () => {
    const { context, page } = await signedIn("dana");
    // Every synthesis agrees, so the two cheapest models of different vendors settle it.
    world.simulator.setDefaultBehaviour({
      text: ({ structured }) =>
        structured
          ? JSON.stringify({
              synthesis: "**Answer**: agreed",
              agreement: { score: 0.95, reason: "both say the same" },
              consensus: [],
              dissent: [],
              verdict: null,
              positions: [],
            })
          : "The same answer.",
    });
    try {
      await page.getByLabel("Your question").fill("Is the sky blue?");
      await page.getByText(/^Council/).click();
      await page.getByRole("checkbox", { name: /^Adaptive/ }).check();
      await page.getByText(/^Council \(adaptive\)/).waitFor();
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    } finally {
      world.simulator.setDefaultBehaviour({});
    }
    const answer = page.getByRole("region", { name: "Answer", exact: true });
    await answer
      .getByText(/^Adaptive: answered by [\w-]+ and [\w-]+ alone \(.*both say the same\)\)\.$/)
      .waitFor();
    assert.equal(await answer.getByRole("article", { name: /^Opinion of / }).count(), 2);
    await shot(page, "adaptive");
    await context.close();
  });

  it("attaches an image, searches the web, reasons, and says what each model could not search or see", async () => {
    // No model scripted by an earlier test: each gives the default answer, which names the files it saw.
    world.simulator.reset();
    const { context, page } = await signedIn("erin");
    const listing = (await (await page.request.get(`${world.server.url}/api/models`)).json()) as {
      models: { displayName: string; deprecated: boolean }[];
      priceData: { date: string };
    };
    await page.getByText(/^Models/).click();
    for (const model of listing.models) {
      const label =
        (await page.locator(".model-choice", { hasText: model.displayName }).first().textContent()) ?? "";
      assert.equal(label.includes(`${model.displayName} (deprecated)`), model.deprecated, label);
    }
    await page.getByText(`Prices as of ${listing.priceData.date}`).waitFor();
    await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();

    const files = page.getByLabel("Attach files");
    await files.setInputFiles([
      { name: "dot.png", mimeType: "image/png", buffer: tinyPng },
      { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Notes\n") },
    ]);
    const chosen = page.getByRole("list", { name: "Attached files" });
    await chosen.getByText("notes.md").waitFor();
    assert.match((await chosen.getByRole("listitem").first().textContent()) ?? "", /dot\.png\s*image · 68 B/);
    await page.getByRole("button", { name: "Remove notes.md" }).click();
    await chosen.getByText("notes.md").waitFor({ state: "detached" });
    await files.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page
      .getByRole("alert", { name: "Files not attached" })
      .getByText("huge.png is 5.0 MiB; one file may be at most 5 MiB. Attach a smaller file.")
      .waitFor();
    assert.deepEqual(await chosen.getByRole("listitem").locator("span:first-child").allTextContents(), [
      "dot.png",
    ]);
    await page.getByRole("checkbox", { name: "Search the web" }).check();
    await page.getByLabel("Reasoning").selectOption("high");
    await page.getByLabel("Your question").fill("What is in this picture?");
    await shot(page, "attachments-chosen");
    const from = world.simulator.requests.length;
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });

    assert.equal(
      await page.getByRole("alert", { name: "Files not attached" }).count(),
      0,
      "an old refusal stayed",
    );
    assert.equal(await chosen.count(), 0, "the files sent stayed chosen for the next question");
    const requests = world.simulator.requests.slice(from);
    const gemini = requests.find((request) => request.provider === "google");
    assert.deepEqual(gemini?.attachments, [{ mediaType: "image/png", bytes: tinyPng.length }]);
    assert.equal(gemini?.search, true, "Gemini was not asked to search");
    assert.equal(gemini?.reasoning, true, "Gemini was not asked to reason");
    const primary = requests.filter((request) => request.provider === "cerebras");
    assert.ok(primary.length > 0 && primary.every((request) => request.attachments.length === 0));

    await page.locator(".turn").last().getByText("Attached: dot.png (68 B)").waitFor();
    const geminiOpinion = page.getByRole("article", { name: "Opinion of gemini" });
    await geminiOpinion.getByText(/\[saw: image\/png\]/).waitFor();
    assert.match(
      (await geminiOpinion.locator("header").textContent()) ?? "",
      /\d+ reasoning tokens \(high\) · \d+ web searche?s?/,
    );
    assert.equal(await page.getByRole("list", { name: "Notes on gemini" }).count(), 0);
    const notes = page.getByRole("list", { name: "Notes on cerebras" });
    await notes.getByText(/^Could not search: .*cannot search the web/).waitFor();
    await notes.getByText(/^Did not see dot\.png: .*does not read images/).waitFor();
    await shot(page, "attachments-answer");
    await page.reload();
    await page.getByRole("button", { name: /^What is in this picture\?/ }).click();
    await page.getByText("Attached: dot.png (68 B)").waitFor();
    await page
      .getByRole("list", { name: "Notes on cerebras" })
      .getByText(/^Did not see dot\.png/)
      .waitFor();
    await context.close();
  });
});
