// Debian's Chromium driven by Playwright (playwright-core), for the browser tests of the web page: the
// launch (refused with the fix when Chromium is missing), a signed-in page, and the world those tests
// share (the provider simulator, a server with API keys in the test's process, Chromium).

import { after, before } from "node:test";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { type ProviderSimulator, startProviderSimulator } from "../../simulator/provider-simulator.ts";
import { requireTool } from "../../support/system-tools.ts";
import { makeApiKey } from "./cli-process.ts";
import { type InProcessServer, startHttpServerInProcess } from "./http-server-in-process.ts";
import { serverEnvironment } from "./server-environment.ts";

/** Launches headless Chromium; throws, saying how to install it, when it is missing. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireTool("chromium"),
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
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "New question" }).waitFor();
  return { context, page };
}

/** What a browser test of the page works with. */
export interface PageWorld {
  simulator: ProviderSimulator;
  server: InProcessServer;
  browser: Browser;
  /** The API key made for `user`. */
  key(user: string): string;
}

/**
 * Starts the provider simulator, a server in api-key mode with the consultation `defaults`, an admin
 * key for each of `users`, and Chromium, before the file's tests; stops them all after.
 */
export function usePageWorld(users: readonly string[], defaults: Record<string, unknown> = {}): PageWorld {
  const keys = new Map<string, string>();
  const world = {
    key: (user: string) => keys.get(user) ?? assertNever(`no key was made for ${user}`),
  } as PageWorld;
  before(async () => {
    world.simulator = await startProviderSimulator();
    const prepared = await serverEnvironment(world.simulator.url, { maxRetries: 0, ...defaults });
    const environment = { ...prepared.environment, AI_UNIVERSE_AUTH: "api-key" };
    for (const user of users) keys.set(user, await makeApiKey(environment, user, "admin"));
    world.server = await startHttpServerInProcess(environment);
    world.browser = await launchChromium();
  });
  after(async () => {
    await world.browser?.close();
    await world.server?.stop();
    await world.simulator?.close();
  });
  return world;
}

function assertNever(message: string): never {
  throw new Error(message);
}
