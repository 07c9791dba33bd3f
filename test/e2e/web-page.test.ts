// The web page in a real browser: Playwright (playwright-core) drives Debian's Chromium against a real
// server with API keys and the provider simulator. Sign in (a session id, not the key, lands in an
// HttpOnly SameSite cookie, nowhere the page can read), ask with a model picked, watch progress, read the
// synthesis and opinions with citations, follow up, reload and find the conversation by search, rename,
// export and delete it; another user sees none of it; a rate-limited call shows its message; a
// phone-sized screen and the dark theme. What a question can ask for (a council, adaptive, files, web
// search, reasoning): web-question-options.test.ts. A screenshot of each step goes to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { launchChromium, signedInPage } from "./support/browser.ts";
import { makeApiKey } from "./support/cli-process.ts";
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
      // Gemini's answer waits until the page has shown it running beside the models already done: on a
      // busy machine a progress row can otherwise come and go between two looks of the browser.
      const releaseGemini = simulator.hold("gemini-3.1-pro-preview");
      try {
        await page.getByRole("button", { name: "Ask" }).click();
        const progress = page.getByRole("list", { name: "Progress" });
        await progress.locator("li.running").first().waitFor();
        await progress.locator("li.done").first().waitFor();
        await shot(page, "progress");
      } finally {
        releaseGemini();
      }
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
