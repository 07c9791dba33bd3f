// An evaluation's report in the browser: the self-contained HTML page `ai-universe eval --html` writes
// (opened from its file, with no server) and the web page's view of the run (`#/evaluations`, then the
// run's `#/evaluations/<id>`) each show the strategies' table and both plots, the cost against accuracy
// scatter and the reliability diagram, drawn as SVG. Screenshots go to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { builtInQuestionSet } from "../../src/evaluation/questions/built-in/built-in.ts";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { launchChromium } from "./support/browser.ts";
import { runCli } from "./support/cli-process.ts";
import { scriptedText } from "./support/evaluation-answers.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const artifacts = fileURLToPath(new URL("../../artifacts/web/", import.meta.url));

/**
 * Cerebras answers the built-in questions with their reference answers, Grok only every other one; the
 * synthesis is right on two questions in three, sure of itself when right and less so when wrong.
 */
function answers(always: boolean) {
  const { questions } = builtInQuestionSet();
  return scriptedText((request) => {
    const index = questions.findIndex((question) => request.lastUserText.includes(question.question));
    const reference = questions[index]?.answer ?? "none of these";
    if (request.structured) {
      return index % 3 === 2
        ? { answer: "none of these", agreement: 0.35 }
        : { answer: reference, agreement: 0.9 };
    }
    return { answer: always || index % 2 === 0 ? reference : "none of these" };
  });
}

/** Checks that `page` shows the report of run `runId`: the table with every strategy and both plots. */
async function showsReport(page: Page, runId: string) {
  await page.getByText(runId).first().waitFor();
  const table = page.getByRole("table", { name: /^Each strategy's answers/ });
  for (const strategy of ["best-single", "council", "majority-vote"]) {
    await table.getByRole("rowheader", { name: strategy }).waitFor();
  }
  const scatter = page.getByRole("img", { name: "Cost against accuracy" });
  const reliability = page.getByRole("img", { name: "Reliability of the agreement score" });
  await scatter.waitFor();
  await reliability.waitFor();
  // A point per strategy graded, each with its interval; a bar per filled bin of agreement scores.
  assert.equal(await scatter.locator(".plot-point").count(), 3);
  assert.ok((await reliability.locator(".plot-bin").count()) >= 1);
  for (const plot of [scatter, reliability]) {
    const box = await plot.boundingBox();
    assert.ok(box && box.width > 200 && box.height > 100, "each plot is drawn at a readable size");
  }
}

describe("an evaluation's report in the browser", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let browser: Browser;
  let runId = "";
  let htmlFile = "";
  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    simulator = await startProviderSimulator();
    simulator.setBehaviour("gpt-oss-120b", { text: answers(true) });
    simulator.setBehaviour("grok-4.6", { text: answers(false) });
    const { environment, directory } = await serverEnvironment(simulator.url);
    htmlFile = join(directory, "report.html");
    const run = await runCli(environment, [
      "eval",
      "--tag",
      "misconceptions",
      "--limit",
      "6",
      "--models",
      "cerebras,grok",
      "--strategies",
      "council,majority-vote",
      "--html",
      htmlFile,
    ]);
    assert.equal(run.status, 0, run.stderr);
    runId = /evaluation (\S+):/.exec(run.stderr)?.[1] ?? "";
    assert.ok(runId, run.stderr);
    server = await startHttpServerProcess(environment);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.close();
  });

  it("shows the table and both plots in the HTML report, opened from its file with no server", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(htmlFile).href);
    await showsReport(page, runId);
    // Self-contained: nothing was fetched but the file itself, and it runs no script.
    assert.deepEqual(requests, [pathToFileURL(htmlFile).href]);
    assert.equal(await page.locator("script").count(), 0);
    await page.screenshot({ path: join(artifacts, "evaluation-report-file.png"), fullPage: true });
    await context.close();
  });

  it("lists the run on the web page and shows its report with the same table and plots", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole("link", { name: "Evaluation runs" }).click();
    await page.getByRole("heading", { name: "Evaluation runs" }).waitFor();
    await page.getByRole("link", { name: runId }).click();
    assert.ok(page.url().endsWith(`#/evaluations/${runId}`), page.url());
    await showsReport(page, runId);
    await page.screenshot({ path: join(artifacts, "evaluation-report-page.png"), fullPage: true });
    // Back to the conversations from the run's address.
    await page.getByRole("link", { name: "All runs" }).click();
    await page.getByRole("link", { name: "Conversations" }).click();
    await page.getByRole("button", { name: "New question" }).waitFor();
    await context.close();
  });
});
