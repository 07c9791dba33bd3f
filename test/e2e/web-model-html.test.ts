// Nothing a model writes can act on the web page: an answer carrying a full-screen overlay (a fake
// "sign in again"), a form, and twelve images pointing at the API is shown in a real browser, live
// and when the conversation is opened again. No element of the answer keeps a style or is
// positioned, no form or input survives, the images are links, and the page makes no request for them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { signedInPage, usePageWorld } from "./support/browser.ts";
import { modelIds } from "./support/e2e-fixture.ts";

const hostile = [
  "Here is my answer.",
  "",
  '<div style="position:fixed;inset:0;z-index:9999;background:white">Your session expired. Sign in again.</div>',
  '<form action="/api/session" method="post"><input name="key" placeholder="API key"></form>',
  ...Array.from(
    { length: 12 },
    (_, index) => `<img src="/api/conversations?search=probe${index}" alt="chart ${index}">`,
  ),
  "",
  "![diagram](/api/conversations?search=markdown-image)",
].join("\n");

describe("the web page with hostile model HTML", () => {
  const world = usePageWorld(["mallory"]);

  it("shows an answer's overlay, form and images as inert text and links, and loads nothing", async () => {
    const { context, page } = await signedInPage(world.browser, world.server.url, world.key("mallory"));
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("search=")) searches.push(request.url());
    });
    world.simulator.setBehaviour(modelIds.grok, { text: hostile });
    await page.getByLabel(/question/).fill("Show me something");
    await page.getByText(/^Models/).click();
    await page.getByRole("checkbox", { name: /^Grok/ }).check();
    await page.getByRole("button", { name: "Ask" }).click();
    const grok = page.locator(".turn").first().getByRole("article", { name: "Opinion of grok" });
    await grok.getByText("Here is my answer.").waitFor({ timeout: 20_000 });

    const inspect = async () => {
      const answer = grok.locator(".markdown");
      assert.equal(await answer.locator("[style], [class], form, input, img, div").count(), 0);
      const positioned = await answer.evaluate(
        (root) =>
          Array.from(root.querySelectorAll("*")).filter(
            (element) => getComputedStyle(element).position !== "static",
          ).length,
      );
      assert.equal(positioned, 0, "no element of the answer is positioned");
      assert.equal(await answer.getByRole("link", { name: /^image: chart \d+$/ }).count(), 12);
      await answer.getByRole("link", { name: "image: diagram" }).waitFor();
      // The page's own controls are not covered.
      await page.getByRole("button", { name: "New question" }).click({ trial: true, timeout: 10_000 });
    };
    await inspect();

    await page.reload();
    await page.getByRole("button", { name: /^Show me something/ }).click();
    await grok.getByText("Here is my answer.").waitFor();
    await inspect();
    assert.deepEqual(searches, [], "opening the answer made no request for its images");
    await context.close();
  });
});
