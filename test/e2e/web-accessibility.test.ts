// The web page checked by axe-core in a real browser (Debian's Chromium driven by playwright-core): the
// home page and an answer (with its assessment, sources, charts and opinions) have no serious or critical
// accessibility violation, and no heading that skips a level, in the light theme, the dark theme and on
// a phone-sized screen.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { usePageWorld } from "./support/browser.ts";
import { modelIds } from "./support/e2e-fixture.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The serious and critical violations axe-core finds on `page` as it is now, and skipped heading levels. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return (
    (violations as Violation[])
      // Headings that skip a level are only "moderate" to axe-core, but a screen reader's outline needs them.
      .filter(
        (violation) =>
          violation.impact === "serious" ||
          violation.impact === "critical" ||
          violation.id === "heading-order",
      )
      .flatMap((violation) =>
        violation.nodes.map(
          (node) => `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${violation.help}`,
        ),
      )
  );
}

const layouts = [
  { name: "light", colorScheme: "light", viewport: { width: 1280, height: 900 } },
  { name: "dark", colorScheme: "dark", viewport: { width: 1280, height: 900 } },
  { name: "phone", colorScheme: "light", viewport: { width: 390, height: 844 } },
  { name: "phone in the dark", colorScheme: "dark", viewport: { width: 390, height: 844 } },
] as const;

describe("the web page's accessibility", () => {
  const world = usePageWorld(["alba"]);

  for (const layout of layouts) {
    it(`has no serious violation on the home page or an answer (${layout.name})`, async () => {
      const context = await world.browser.newContext({
        viewport: layout.viewport,
        colorScheme: layout.colorScheme,
      });
      const page = await context.newPage();
      await page.goto(world.server.url);
      await page.getByLabel("API key").fill(world.key("alba"));
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("button", { name: "New question" }).waitFor();
      assert.equal(
        await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
        layout.colorScheme === "dark",
      );
      // The page follows the system's scheme until its theme switch is used.
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        layout.colorScheme === "dark" ? "rgb(20, 23, 29)" : "rgb(255, 255, 255)",
      );
      assert.deepEqual(await seriousViolations(page), [], "on the home page");

      world.simulator.setBehaviour(modelIds.gemini, {
        text: "Gemini says: use SQLite on one node.",
        citations: [{ url: "https://sqlite.org/wal.html", title: "Write-Ahead Logging" }],
      });
      try {
        await page.getByLabel(/question/).fill(`Which database for one node? (${layout.name})`);
        await page.getByText(/^Models/).click();
        await page.getByRole("checkbox", { name: /^Gemini [\d.]+ Pro/ }).check();
        await page.getByRole("checkbox", { name: "Search the web" }).check();
        await page.getByRole("button", { name: "Ask" }).click();
        await page.getByRole("article", { name: "Synthesis" }).waitFor({ timeout: 20_000 });
      } finally {
        world.simulator.reset();
      }
      await page.getByRole("region", { name: "Assessment" }).waitFor();
      await page.getByRole("figure", { name: "Cost of each model" }).waitFor();
      assert.deepEqual(await seriousViolations(page), [], "on the answer");
      await context.close();
    });
  }
});
