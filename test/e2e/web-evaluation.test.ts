// An evaluation's report in the browser: the self-contained HTML page `ai-universe eval --html` writes
// (opened from its file, with no server) and the web page's view of the run (`#/evaluations`, then the
// run's `#/evaluations/<id>`) each show the strategies' table and both plots, the cost against accuracy
// scatter and the reliability diagram, drawn as SVG, and every question with each strategy's answer; a
// question file and answers holding a script or an image with onerror show as text in both and run
// nothing, fetch nothing. Screenshots go to artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
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
 * synthesis is right on two questions in three, sure of itself when right and less so when wrong; to
 * any other question each answers with markup.
 */
function answers(always: boolean) {
  const { questions } = builtInQuestionSet();
  return scriptedText((request) => {
    const index = questions.findIndex((question) => request.lastUserText.includes(question.question));
    // The hostile file's questions: every answer is markup.
    if (index === -1) return { answer: hostile.answer, agreement: 0.5 };
    const reference = questions[index]?.answer ?? "none of these";
    if (request.structured) {
      return index % 3 === 2
        ? { answer: "none of these", agreement: 0.35 }
        : { answer: reference, agreement: 0.9 };
    }
    return { answer: always || index % 2 === 0 ? reference : "none of these" };
  });
}

/** Markup a question file and the models may hold, each to be shown as text and never run. */
const hostile = {
  question: "<script>window.hostileRan = 'question'; alert('question')</script> What is 2 + 2?",
  choice: `<img src="https://attacker.example/choice.png" onerror="window.hostileRan = 'choice'; alert('choice')">`,
  answer: `<img src="https://attacker.example/answer.png" onerror="window.hostileRan = 'answer'; alert('answer')">`,
};

/** The hostile question file: a free question whose text is a script, a choice that is an image. */
function hostileQuestions(directory: string): string {
  const file = join(directory, "hostile.jsonl");
  writeFileSync(
    file,
    [
      { id: "h1", question: hostile.question, answer: "4" },
      { id: "h2", question: "Which is prime?", choices: [hostile.choice, "7"], answer: "B" },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
  );
  return file;
}

/** Records what would show that markup ran or fetched: dialogs, requests, CSP refusals. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], requests: [] as string[], refusals: [] as string[] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.refusals.push(message.text());
  });
  return seen;
}

/** Checks that the hostile run's questions and answers show as text, and that none of it ran. */
async function showsHostileAsText(page: Page, seen: ReturnType<typeof watch>) {
  const table = page.getByRole("table", { name: /^Each question/ });
  await table.getByText(hostile.question).waitFor();
  await table.getByText(`A. ${hostile.choice}`).waitFor();
  const answers = table.locator(".answer", { hasText: hostile.answer });
  await table.locator("summary").first().click();
  await answers.first().waitFor();
  assert.equal(await table.locator("img, script, iframe").count(), 0);
  assert.equal(await page.evaluate(() => (window as { hostileRan?: string }).hostileRan), undefined);
  assert.deepEqual(seen.dialogs, []);
  assert.deepEqual(
    seen.requests.filter((url) => url.includes("attacker.example")),
    [],
  );
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
  // Every question, with each strategy's answer; the council broke as many as the comparison says.
  const questions = page.getByRole("table", { name: /^Each question/ });
  await questions.waitFor();
  assert.equal(await questions.locator("tbody tr").count(), 6);
  for (const strategy of ["best-single", "council", "majority-vote"]) {
    await questions.getByRole("columnheader", { name: strategy }).waitFor();
  }
  const comparison = page.getByRole("table", { name: /^What each strategy fixed and broke/ });
  // The council's row: fixed, fix rate, broke ("2 of 6"), break rate.
  const brokeCell = await comparison
    .getByRole("row", { name: /^council/ })
    .getByRole("cell")
    .nth(2)
    .textContent();
  const broken = Number(/^(\d+) of \d+$/.exec(brokeCell ?? "")?.[1]);
  assert.ok(broken >= 1, `the council broke some: ${brokeCell}`);
  assert.equal(await questions.locator(".change.broke").count(), broken);
  assert.ok((await questions.locator(".grade.right").count()) > 0);
}

describe("an evaluation's report in the browser", () => {
  let simulator: ProviderSimulator;
  let server: ServerProcess;
  let browser: Browser;
  let runId = "";
  let htmlFile = "";
  let hostileRunId = "";
  let hostileFile = "";
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
    hostileFile = join(directory, "hostile.html");
    const hostileRun = await runCli(environment, [
      "eval",
      "--questions",
      hostileQuestions(directory),
      "--models",
      "cerebras,grok",
      "--model",
      "cerebras",
      "--strategies",
      "council",
      "--html",
      hostileFile,
    ]);
    assert.equal(hostileRun.status, 0, hostileRun.stderr);
    hostileRunId = /evaluation (\S+):/.exec(hostileRun.stderr)?.[1] ?? "";
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

  it("shows a question file's and the models' markup as text in the HTML report: nothing runs or is fetched", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(pathToFileURL(hostileFile).href);
    await showsHostileAsText(page, seen);
    assert.deepEqual(seen.requests, [pathToFileURL(hostileFile).href]);
    assert.deepEqual(seen.refusals, [], "the page's own style sheet is allowed by its hash");
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    assert.match(policy ?? "", /script-src 'none'/);
    // The style sheet applied: the CSP's hash is the page's own.
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).maxWidth), "1152px");
    await context.close();
  });

  it("shows the same markup as text in the web page's report", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${server.url}/#/evaluations/${encodeURIComponent(hostileRunId)}`);
    await showsHostileAsText(page, seen);
    assert.deepEqual(
      seen.requests.filter((url) => !url.startsWith(server.url)),
      [],
    );
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
