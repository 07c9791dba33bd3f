// Which price data is in use: the data bundled with @pydantic/genai-prices (the default; works
// offline), or, only when the operator turns refresh on, the package's published data file, fetched
// at start and then daily, kept in the data directory so a restart offline keeps the last copy. A
// fetched file is read up to a size cap, checked (price-file-check.ts) and tried on the models in use
// (price-trial.ts) before it is used, and written (atomically) only then; a kept copy that fails the
// same checks is ignored. A file that fails keeps the data in use, and the refresh error says why.

import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { PricedModel } from "./price-data.ts";
import { checkPriceFile } from "./price-file-check.ts";
import { pricePackage } from "./price-package.ts";
import { adoptPricesIfTheyHold } from "./price-trial.ts";

/** The bundled data: the package version and the day that version was published. */
export const bundledPriceData = { version: "0.1.8", date: "2026-09-23" } as const;

/** The largest price data file read, in bytes: the published one is about 1 MB. */
export const maxPriceFileBytes = 16 * 1024 * 1024;

/** How often refreshed data is fetched again. */
const refreshEveryMs = 24 * 60 * 60 * 1000;

/** What `models` and `doctor` show about the price data. */
export interface PriceDataInfo {
  source: "bundled" | "refreshed";
  /** The day the data in use was published (bundled) or fetched (refreshed), YYYY-MM-DD. */
  date: string;
  /** The package version whose bundled data is the fallback. */
  packageVersion: string;
  /** The host refreshed data comes from, when refresh is on: never the URL, which may hold a token. */
  refreshHost?: string;
  /** Why the last refresh failed, when it did (the bundled or last fetched data stays in use). */
  refreshError?: string;
}

/** Refresh settings (AI_UNIVERSE_PRICE_REFRESH): off by default. */
export interface PriceRefreshSettings {
  url: string;
  /** The file that keeps the last fetched data. */
  cachePath: string;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** The models in use: data that would leave one of them unpriced is refused. */
  modelsInUse?: readonly PricedModel[];
}

interface CachedData {
  fetchedAt: string;
  url: string;
  providers: unknown[];
}

let info: PriceDataInfo = { source: "bundled", ...bundledDate() };
let pending: Promise<void> | undefined;

/** What price data is in use now. */
export function priceDataInfo(): PriceDataInfo {
  return { ...info };
}

/**
 * The refresh settings from AI_UNIVERSE_PRICE_REFRESH: unset, "off" or "0" is off (no network call
 * ever); "on" or "1" fetches the package's published data; an http(s) URL fetches that file instead.
 */
export function priceRefreshFrom(
  environment: Record<string, string | undefined>,
  cachePath: string,
): PriceRefreshSettings | undefined {
  const value = environment.AI_UNIVERSE_PRICE_REFRESH?.trim() ?? "";
  if (value === "" || value === "off" || value === "0") return undefined;
  if (value === "on" || value === "1") return { url: pricePackage().REMOTE_DATA_JSON_URL, cachePath };
  if (/^https:\/\//.test(value) || (/^http:\/\//.test(value) && isLoopback(value))) {
    return { url: value, cachePath };
  }
  if (/^http:\/\//.test(value)) {
    throw new Error(
      `AI_UNIVERSE_PRICE_REFRESH must be an https URL (plain http only to this machine): prices decide budgets, so they are not taken over a connection anyone on the way can change.`,
    );
  }
  throw new Error(
    `AI_UNIVERSE_PRICE_REFRESH "${value.slice(0, 100)}" is not "on", "off" or an https URL of a genai-prices data file.`,
  );
}

/** The host (and port) of `url`, without credentials, path or query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the price data URL";
  }
}

/** Whether `url` names this machine (127.0.0.0/8, ::1 or localhost). */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Turns refresh on: the last fetched copy is used at once when there is one, and a fresh copy is
 * fetched when that copy is older than a day (then daily). Resolves when the first fetch, if any, has
 * ended; a failed fetch keeps the data in use and is reported in {@link priceDataInfo}.
 */
export function startPriceRefresh(settings: PriceRefreshSettings): {
  ready: Promise<void>;
  stop: () => void;
} {
  const now = settings.now ?? Date.now;
  const cached = usableCache(settings);
  if (cached) info = { source: "refreshed", date: cached.fetchedAt.slice(0, 10), ...common(settings) };
  else info = { ...info, ...common(settings) };
  const age = cached ? now() - Date.parse(cached.fetchedAt) : Number.POSITIVE_INFINITY;
  const ready = age >= refreshEveryMs ? refresh(settings, now) : Promise.resolve();
  const timer = setInterval(() => void refresh(settings, now), refreshEveryMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}

function common(settings: PriceRefreshSettings): Pick<PriceDataInfo, "packageVersion" | "refreshHost"> {
  return { packageVersion: bundledPriceData.version, refreshHost: hostOf(settings.url) };
}

function refresh(settings: PriceRefreshSettings, now: () => number): Promise<void> {
  pending ??= fetchData(settings)
    .then((providers) => {
      const fetchedAt = new Date(now()).toISOString();
      adoptPricesIfTheyHold(providers, settings.modelsInUse ?? []);
      writeCache(settings.cachePath, { fetchedAt, url: settings.url, providers });
      info = { source: "refreshed", date: fetchedAt.slice(0, 10), ...common(settings) };
    })
    .catch((error: unknown) => {
      const { refreshError: _previous, ...rest } = info;
      info = { ...rest, refreshError: error instanceof Error ? error.message : String(error) };
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

async function fetchData(settings: PriceRefreshSettings): Promise<unknown[]> {
  const fetch = settings.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetch(settings.url, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new Error(`Could not fetch price data from ${hostOf(settings.url)}: ${(error as Error).message}`);
  }
  if (!response.ok)
    throw new Error(`Price data from ${hostOf(settings.url)} answered HTTP ${response.status}.`);
  const text = await readCapped(response, settings.url);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`Price data from ${hostOf(settings.url)} is not JSON.`);
  }
  try {
    return checkPriceFile(data);
  } catch (error) {
    throw new Error(`Price data from ${hostOf(settings.url)} was refused: ${(error as Error).message}.`);
  }
}

/** The body of `response` as text, refused as soon as it passes {@link maxPriceFileBytes}. */
async function readCapped(response: Response, url: string): Promise<string> {
  const tooLarge = () =>
    new Error(
      `Price data from ${hostOf(url)} is larger than ${maxPriceFileBytes / 1024 / 1024} MiB, so it was refused.`,
    );
  if (Number(response.headers.get("content-length") ?? 0) > maxPriceFileBytes) {
    await response.body?.cancel().catch(() => {});
    // Refused before a byte of it is read.
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    bytes += read.value.byteLength;
    if (bytes > maxPriceFileBytes) {
      await reader?.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The kept copy for `settings`, put in use, when it is there, from the same URL, and passes the checks. */
function usableCache(settings: PriceRefreshSettings): CachedData | undefined {
  const cached = readCache(settings.cachePath);
  if (!cached || cached.url !== settings.url) return undefined;
  try {
    adoptPricesIfTheyHold(checkPriceFile(cached.providers), settings.modelsInUse ?? []);
    return cached;
  } catch {
    return undefined;
  }
}

function readCache(path: string): CachedData | undefined {
  if (!existsSync(path) || statSync(path).size > maxPriceFileBytes) return undefined;
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as CachedData;
    return Array.isArray(data.providers) && typeof data.fetchedAt === "string" ? data : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(path: string, data: CachedData): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(data), { mode: 0o600 });
  renameSync(temporary, path);
}

function bundledDate(): Pick<PriceDataInfo, "date" | "packageVersion"> {
  return { date: bundledPriceData.date, packageVersion: bundledPriceData.version };
}
