// Debian's Chromium driven by Playwright (playwright-core), for the browser tests of the web page: the
// launch (refused with the fix when Chromium is missing) and a signed-in page.

import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launches headless Chromium; throws, saying how to install it, when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `The browser tests need Chromium at ${chromiumPath}: apt-get install chromium (as root; .ci/run does it), or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A new page at `url`, signed in with `key`, its question box ready. */
export async function signedInPage(
  browser: Browser,
  url: string,
  key: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "New question" }).waitFor();
  return { context, page };
}
