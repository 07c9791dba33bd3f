// The web page in a real browser: Playwright (playwright-core) drives Debian's Chromium against a real
// server with API keys and the provider simulator. Sign in (a session id, not the key, lands in an
// HttpOnly SameSite cookie, nowhere the page can read), ask with a model picked, watch progress, read the synthesis and
// opinions with citations, follow up, reload and find the conversation by search, rename, export and
// delete it; another user sees none of it; a rate-limited call shows its message; a council (review,
// two rounds, a side) with its answers forming live, then the verdict, the ranking and the rounds; an
// adaptive question chosen under Council, saying which path it took; an image attached with web search
// and reasoning, reaching the models that read it, with what each model could not search or see;
// deprecated models marked and the prices' date; a phone-sized screen and the dark theme. A screenshot
// of each step goes to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { tinyPng } from "../support/attachment-files.ts";
import { launchChromium, signedInPage } from "./support/browser.ts";
import { makeApiKey } from "./support/cli-process.ts";
import { changedMind, councilText } from "./support/council-script.ts";
import { type InProcessServer, startHttpServerInProcess } from "./support/http-server-in-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const artifacts = fileURLToPath(new URL("../../artifacts/web/", import.meta.url));

describe("the web page", () => {
  let simulator: ProviderSimulator;
  let server: InProcessServer;
  let browser: Browser;
  const keys: Record<string, string> = {};
  let step = 0;
  const shot = async (page: Page, name: string) => {
    step += 1;
    await page.screenshot({
      path: join(artifacts, `${String(step).padStart(2, "0")}-${name}.png`),
      fullPage: true,
    });
  };
  const signedIn = (user: string, viewport?: { width: number; height: number }) =>
    signedInPage(browser, server.url, keys[user] ?? "", viewport);

  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const configPath = join(prepared.directory, "web.json");
    // Every API call counts against the tier (listing conversations on load too): carl's tier allows the
    // page load, one question and the list refreshed after it, and no more.
    writeFileSync(
      configPath,
      JSON.stringify({
        tiers: { user: { requestsPerHour: 1000, requestsPerDay: null }, limited: { requestsPerHour: 3 } },
      }),
    );
    const environment = {
      ...prepared.environment,
      AI_UNIVERSE_CONFIG: configPath,
      AI_UNIVERSE_AUTH: "api-key",
    };
    for (const [user, tier] of [
      ["ann", "user"],
      ["bob", "user"],
      ["carl", "limited"],
      ["dana", "user"],
      ["erin", "user"],
    ] as const) {
      keys[user] = await makeApiKey(environment, user, tier);
    }
    server = await startHttpServerInProcess(environment);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.close();
  });

  it("signs in to a session kept in an HttpOnly SameSite cookie, asks, shows progress, answers, follows up", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith("data:"))
        outside.push(request.url());
    });
    await page.goto(server.url);
    await shot(page, "sign-in");
    await page.getByLabel("API key").fill("aiu_000000000000.wrong-key-wrong-key-wrong-key-wrong-key-wro");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page
      .getByRole("alert")
      .getByText(/not valid or was revoked/)
      .waitFor();
    await page.getByLabel("API key").fill(keys.ann ?? "");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "New question" }).waitFor();
    const cookie = (await context.cookies()).find((candidate) => candidate.name === "aiu_session");
    assert.equal(cookie?.httpOnly, true);
    assert.equal(cookie?.sameSite, "Strict");
    assert.ok(cookie && !(keys.ann ?? "").includes(cookie.value), "the cookie holds the key");
    const readable = await page.evaluate(
      () => `${document.cookie}|${JSON.stringify(localStorage)}|${JSON.stringify(sessionStorage)}`,
    );
    assert.ok(!readable.includes("aiu_"), "the key is readable by the page");

    simulator.setDefaultBehaviour({ latencyMs: 600 });
    simulator.setBehaviour("gemini-3.1-pro-preview", {
      latencyMs: 900,
      text: "Gemini says: use SQLite on one node.",
      citations: [{ url: "https://sqlite.org/wal.html", title: "Write-Ahead Logging" }],
    });
    try {
      await page.getByLabel("Your question").fill("Should a single node use SQLite or PostgreSQL?");
      await page.getByText(/^Models/).click();
      await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();
      // A model cites sources when it searches.
      await page.getByRole("checkbox", { name: "Search the web" }).check();
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByRole("list", { name: "Progress" }).locator("li.running").first().waitFor();
      await shot(page, "progress");
      await page.getByRole("list", { name: "Progress" }).locator("li.done").first().waitFor();
      const synthesis = page.getByRole("article", { name: "Synthesis" });
      await synthesis.waitFor({ timeout: 20_000 });
    } finally {
      simulator.setDefaultBehaviour({});
    }
    const gemini = page.getByRole("article", { name: "Opinion of gemini" });
    await gemini.getByText("Gemini says: use SQLite on one node.").waitFor();
    assert.match(
      (await gemini.locator("header").textContent()) ?? "",
      /Gemini [\d.]+ Pro \(Google\) · \d+\.\d s · \d+ tokens · \$0\.\d{4}/,
    );
    assert.equal(
      await gemini.getByRole("link", { name: "Write-Ahead Logging" }).getAttribute("href"),
      "https://sqlite.org/wal.html",
    );
    await page.getByRole("figure", { name: "Latency of each model" }).waitFor();
    await page.getByRole("figure", { name: "Cost of each model" }).waitFor();
    await shot(page, "answer");

    await page.getByLabel("Follow-up question").fill("And with three nodes?");
    await page.getByLabel("Follow-up question").press("Control+Enter");
    await page
      .locator(".turn")
      .nth(1)
      .getByRole("article", { name: "Synthesis" })
      .waitFor({ timeout: 20_000 });
    await shot(page, "follow-up");
    assert.deepEqual(outside, [], "the page requested another host");
    await context.close();
  });

  it("finds the conversation by search after a reload, renames, exports and deletes it", async () => {
    const { context, page } = await signedIn("ann");
    await page.reload();
    await page.getByLabel("Search conversations").fill("three nodes");
    const hit = page
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: /single node use SQLite/ });
    await hit.waitFor();
    assert.match(
      (await page.getByRole("list", { name: "Search results" }).locator("mark").first().textContent()) ?? "",
      /three|nodes/i,
    );
    await shot(page, "search");
    await hit.click();
    await page.locator(".turn").nth(1).getByRole("article", { name: "Synthesis" }).waitFor();
    await page.getByLabel("Search conversations").fill("");

    page.once("dialog", (dialog) => void dialog.accept("Database choice"));
    await page.getByRole("button", { name: /^Rename Should a single node/ }).click();
    await page.getByRole("button", { name: "Database choice", exact: true }).waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export Database choice as Markdown" }).click();
    const markdown = readFileSync((await (await download).path()) ?? "", "utf8");
    assert.match(markdown, /Database choice/);
    assert.match(markdown, /And with three nodes\?/);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete Database choice" }).click();
    await page.getByText("No conversations yet.").waitFor();
    await shot(page, "deleted");
    await context.close();
  });

  it("shows each user only their own conversations", async () => {
    const ann = await signedIn("ann");
    await ann.page.getByLabel("Your question").fill("Ann's private question about otters");
    await ann.page.getByRole("button", { name: "Ask" }).click();
    await ann.page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    await ann.context.close();
    const bob = await signedIn("bob");
    await bob.page.getByText("No conversations yet.").waitFor();
    await bob.page.getByLabel("Search conversations").fill("otters");
    await bob.page.getByText("No conversation matches.").waitFor();
    await shot(bob.page, "other-user");
    await bob.context.close();
  });

  it("says in words when a call is rate limited", async () => {
    const { context, page } = await signedIn("carl");
    await page.getByLabel("Your question").fill("The one question allowed");
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    await page.getByLabel("Follow-up question").fill("One too many");
    await page.getByRole("button", { name: "Ask" }).click();
    await page
      .getByRole("alert")
      .getByText(/Rate limit reached: your tier \(limited\) allows 3 requests per hour/)
      .waitFor();
    await shot(page, "rate-limited");
    await context.close();
  });

  it("runs a council: answers form live, then the verdict, the review's ranking and the debate rounds", async () => {
    const { context, page } = await signedIn("dana");
    const panels = (await (await page.request.get(`${server.url}/api/models`)).json()) as {
      panels: { name: string }[];
    };
    assert.ok(
      panels.panels.some((panel) => panel.name === "deep"),
      "/api/models lists no panels",
    );
    // Every model answers after 1.5 s but the primary, after 0.1 s (a marker in the question sets the delay).
    simulator.setDefaultBehaviour({ text: councilText, latencyMs: 1500, latencyFromPrompt: true });
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
      await page
        .getByRole("region", { name: "Answer of grok forming" })
        .getByText(/revising in round 2/)
        .waitFor({ timeout: 20_000 });
      await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    } finally {
      simulator.setDefaultBehaviour({});
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

  it("asks adaptively when chosen under Council, and says which path the answer took", async () => {
    const { context, page } = await signedIn("dana");
    // Every synthesis agrees, so the two cheapest models of different vendors settle it.
    simulator.setDefaultBehaviour({
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
      simulator.setDefaultBehaviour({});
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
    simulator.reset();
    const { context, page } = await signedIn("erin");
    const listing = (await (await page.request.get(`${server.url}/api/models`)).json()) as {
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
    const from = simulator.requests.length;
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });

    assert.equal(
      await page.getByRole("alert", { name: "Files not attached" }).count(),
      0,
      "an old refusal stayed",
    );
    assert.equal(await chosen.count(), 0, "the files sent stayed chosen for the next question");
    const requests = simulator.requests.slice(from);
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

  it("works on a phone-sized screen, by keyboard, and in the dark theme", async () => {
    const { context, page } = await signedIn("bob", { width: 390, height: 844 });
    await page.getByRole("button", { name: "Switch theme" }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, "rgb(20, 23, 29)");
    await page.getByLabel("Your question").focus();
    await page.keyboard.type("Typed with the keyboard only");
    await page.keyboard.press("Control+Enter");
    await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
    await shot(page, "phone-dark");
    await context.close();
  });
});
