// The council panel in an MCP Apps host: agent.second_opinion names its ui:// resource, read through a
// real MCP client from a real server, and a test host (the official AppBridge, a sandboxed frame in
// Chromium) shows the tool's result in it: the synthesis first, the agreement and verdict, each opinion
// with its model, latency, tokens and cost (the calling agent's own answer marked as the host's), the
// review ranking, the debate rounds and the sources as links opened through the host; a late opinion
// fills in its place. In the host's dark theme and its light one, with no serious accessibility
// violation, every link reachable by keyboard, and no request to any other host. Screenshots go to
// artifacts/web/.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Frame, Page } from "playwright-core";
import { type AppResource, hostApp, hostOrigin, isAppHtml, readAppResource } from "./support/apps-host.ts";
import { launchChromium } from "./support/browser.ts";
import { changedMind, councilText } from "./support/council-script.ts";
import { modelIds, secondOpinionOf, useEndToEnd } from "./support/e2e-fixture.ts";

const artifacts = fileURLToPath(new URL("../../artifacts/web/", import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The panel's frame (its document is the srcdoc the host set). */
function panelFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  assert.ok(frame, "the host made no frame");
  return frame;
}

/** The serious and critical violations axe-core finds in `frame`. */
async function seriousViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(axeSource);
  const violations = (await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(" ")}`));
}

const background = (frame: Frame) => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("the council panel in an MCP Apps host", () => {
  const world = useEndToEnd({ maxRetries: 0, modelDeadlineMs: 60_000 });
  let browser: Browser;
  let resource: AppResource;
  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await launchChromium();
    const listed = (await world.client.listTools()).find((tool) =>
      /^agent[._]second_opinion$/.test(tool.name),
    );
    resource = await readAppResource(world.client, listed?.name ?? "agent_second_opinion");
  });
  after(async () => browser?.close());

  it("names its ui:// resource on agent.second_opinion alone, served as one page that loads nothing", async () => {
    assert.equal(resource.uri, "ui://ai-universe/council-panel.html");
    assert.ok(isAppHtml(resource), `mime type ${resource.mimeType}`);
    assert.deepEqual(resource.ui?.csp, {
      connectDomains: [],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
    });
    // Its script and styles are in the page: no element loads anything.
    const markup = resource.html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, "<$1></$1>");
    assert.doesNotMatch(markup, /\b(src|href)=/i);
    assert.equal((markup.match(/<script>/g) ?? []).length, 1);
    const listed = (await world.client.raw.listTools()).tools as { name: string; _meta?: unknown }[];
    assert.deepEqual(
      listed.filter((tool) => tool._meta !== undefined).map((tool) => tool.name),
      [resource.tool.name],
    );
    const resources = await world.client.listResources();
    assert.ok(
      resources.some(
        (entry) => entry.uri === resource.uri && isAppHtml({ ...resource, mimeType: entry.mimeType }),
      ),
    );
  });

  it("shows a council: synthesis first, verdict, opinions, ranking, rounds and sources, in the host's theme", async () => {
    world.simulator.setDefaultBehaviour({ text: councilText });
    world.simulator.setBehaviour(modelIds.gemini, {
      text: councilText,
      citations: [{ url: "https://sqlite.org/wal.html", title: "Write-Ahead Logging" }],
    });
    const input = {
      question: "SQLite or PostgreSQL for one node?",
      secondaryModels: ["gemini", "grok"],
      review: true,
      rounds: 2,
      stances: { grok: "against" },
      webSearch: true,
      hostAnswer: { text: "SQLite, from the agent that asked.", model: "claude-opus-4-5" },
    };
    let result: Awaited<ReturnType<typeof world.client.callTool>>;
    try {
      result = await world.client.callTool(resource.tool.name, input);
      secondOpinionOf(result);
    } finally {
      world.simulator.setDefaultBehaviour({});
      world.simulator.setBehaviour(modelIds.gemini, {});
    }
    const host = await hostApp(browser, world.client, resource, {
      theme: "dark",
      toolInfo: { tool: resource.tool as never },
    });
    try {
      await host.sendToolInput(input);
      await host.sendToolResult(result);
      const panel = host.frame;
      const synthesis = panel.getByRole("article", { name: "Synthesis" });
      await synthesis.waitFor();
      await panel.getByText(`Q: ${input.question}`).waitFor();
      await synthesis.getByText("Agreement 67%").waitFor();
      await synthesis.getByRole("region", { name: "Verdict" }).getByText("BLOCK").first().waitFor();
      await panel.getByRole("region", { name: "Council review" }).waitFor();
      await panel.getByRole("region", { name: "Debate rounds" }).getByText(changedMind).waitFor();
      for (const model of ["cerebras", "gemini", "grok"]) {
        const opinion = panel.getByRole("article", { name: `Opinion of ${model}` });
        assert.match(
          (await opinion.locator(".meta").first().textContent()) ?? "",
          /\d\.\d s · \d+ tokens · \$\d\.\d{4}/,
        );
      }
      // The calling agent's own answer is shown as the host's, with no usage of its own.
      const own = panel.getByRole("article", { name: "Opinion of host" });
      await own.getByText("SQLite, from the agent that asked.").waitFor();
      await own.getByText("the host's own answer").waitFor();
      assert.match(
        (await own.locator(".meta").first().textContent()) ?? "",
        /^The calling agent \(claude-opus-4-5\) · no provider call, no cost$/,
      );
      // The synthesis comes before the opinions.
      const order = await panel
        .locator("article")
        .evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-label")));
      assert.equal(order[0], "Synthesis", order.join(", "));
      const frame = panelFrame(host.page);
      assert.equal(await background(frame), "rgb(20, 23, 29)", "a dark host shows a dark panel");
      assert.deepEqual(await seriousViolations(frame), []);
      await host.page.locator("iframe").screenshot({ path: join(artifacts, "council-panel-dark.png") });

      // By keyboard from the host: Tab reaches the source's link; Enter asks the host to open it.
      const reached: string[] = [];
      let focused = "";
      for (let presses = 0; presses < 200 && focused !== "Write-Ahead Logging"; presses += 1) {
        await host.page.keyboard.press("Tab");
        focused = await frame.evaluate(() => document.activeElement?.textContent ?? "");
        reached.push(focused);
      }
      assert.equal(focused, "Write-Ahead Logging", `Tab reached only ${reached.slice(0, 30).join(" | ")}`);
      await host.page.keyboard.press("Enter");
      await host.linksOpened(1);
      assert.deepEqual(host.openedLinks.slice(0, 1), ["https://sqlite.org/wal.html"]);

      await host.setHostContext({ theme: "light", toolInfo: { tool: resource.tool as never } });
      await frame.waitForFunction(
        () => getComputedStyle(document.body).backgroundColor === "rgb(255, 255, 255)",
      );
      assert.deepEqual(await seriousViolations(frame), []);
      await host.page.locator("iframe").screenshot({ path: join(artifacts, "council-panel-light.png") });
      // The host's own style variables come first.
      const variables = { "--color-background-primary": "rgb(250, 250, 240)" };
      await host.setHostContext({
        theme: "light",
        styles: { variables } as never,
        toolInfo: { tool: resource.tool as never },
      });
      await frame.waitForFunction(
        () => getComputedStyle(document.body).backgroundColor === "rgb(250, 250, 240)",
      );

      const elsewhere = host.requests.filter(
        (url) => !url.startsWith(`${hostOrigin}/`) && !url.startsWith("data:"),
      );
      assert.deepEqual(elsewhere, [], "the panel made a request to another host");
    } finally {
      await host.context.close();
    }
  });

  it("fills in a late opinion in its place, read through the host with conversation.get-history", async () => {
    world.simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-IN-THE-PANEL" });
    const releaseGrok = world.simulator.hold(modelIds.grok);
    try {
      const input = {
        question: "Is the slow model worth the wait?",
        secondaryModels: ["grok"],
        answerWithinSeconds: 5,
      };
      const result = await world.client.callTool(resource.tool.name, input);
      assert.deepEqual(secondOpinionOf(result).pendingModels, ["grok"]);
      const host = await hostApp(browser, world.client, resource, {
        theme: "light",
        toolInfo: { tool: resource.tool as never },
      });
      try {
        await host.sendToolResult(result);
        const grok = host.frame.getByRole("article", { name: "Opinion of grok" });
        await grok.getByText("Still answering: its opinion appears here when it lands.").waitFor();
        assert.equal(await grok.getAttribute("aria-busy"), "true");
        // The panel has looked once; then grok answers.
        await host.toolCallsMade(1);
        assert.equal(
          host.toolCalls[0]?.name,
          resource.tool.name.includes(".") ? "conversation.get-history" : "conversation_get_history",
        );
        releaseGrok();
        await grok.getByText("GROK-LANDED-IN-THE-PANEL").waitFor({ timeout: 30_000 });
        await grok.getByText("landed after the synthesis").waitFor();
        assert.equal(await grok.getAttribute("aria-busy"), null);
        assert.match((await host.frame.locator(".totals").textContent()) ?? "", /^2 of 2 models answered/);
        // Each look read one page, the newest, however long the conversation.
        for (const call of host.toolCalls) assert.equal(call.arguments?.latest, true);
        await host.page.screenshot({ path: join(artifacts, "council-panel-late.png"), fullPage: true });
        const elsewhere = host.requests.filter((url) => !url.startsWith(`${hostOrigin}/`));
        assert.deepEqual(elsewhere, []);
      } finally {
        await host.context.close();
      }
    } finally {
      releaseGrok();
      world.simulator.setBehaviour(modelIds.grok, {});
    }
  });
});
