// Which price data is in use: the data bundled with @pydantic/genai-prices (the default; works
// offline), or, only when the operator turns refresh on, the package's published data file, fetched
// at start and then daily, kept in the data directory so a restart offline keeps the last copy. The
// file is fetched and checked (price-fetch.ts, price-file-check.ts) and tried on the models in use
// (price-trial.ts) before it is used, and written (atomically) only then; a kept copy that fails the
// same checks is ignored. A file that fails keeps the data in use, and the refresh error says why: in
// `models`, `doctor` and /health for the machine's own user, and in the server's log.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { PricedModel } from "./price-data.ts";
import { fetchPriceFile, hostOf, maxPriceFileBytes, priceUrlAllowed } from "./price-fetch.ts";
import { checkPriceFile } from "./price-file-check.ts";
import { pricePackage } from "./price-package.ts";
import { adoptPricesIfTheyHold } from "./price-trial.ts";

export { maxPriceFileBytes };

/** The bundled data: the package version and the day that version was published. */
export const bundledPriceData = { version: "0.1.8", date: "2026-09-23" } as const;

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
  /** The SHA-256 of the URL it was fetched from: the URL itself may hold a token. */
  urlHash: string;
  providers: unknown[];
}

const hashOf = (url: string) => createHash("sha256").update(url).digest("hex");

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
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url && priceUrlAllowed(url)) return { url: value, cachePath };
  if (url?.protocol === "http:") {
    throw new Error(
      `AI_UNIVERSE_PRICE_REFRESH must be an https URL (plain http only to this machine): prices decide budgets, so they are not taken over a connection anyone on the way can change.`,
    );
  }
  // A URL is named by its scheme and host alone: the rest may hold a token.
  const named = url ? `${url.protocol}//${url.host}/…` : value.slice(0, 100);
  throw new Error(
    `AI_UNIVERSE_PRICE_REFRESH "${named}" is not "on", "off" or an https URL of a genai-prices data file.`,
  );
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
  pending ??= fetchPriceFile(settings.url, settings.fetch)
    .then((providers) => {
      const fetchedAt = new Date(now()).toISOString();
      try {
        adoptPricesIfTheyHold(providers, settings.modelsInUse ?? []);
      } catch (error) {
        throw new Error(`Price data from ${hostOf(settings.url)} was refused: ${(error as Error).message}.`);
      }
      writeCache(settings.cachePath, { fetchedAt, urlHash: hashOf(settings.url), providers });
      info = { source: "refreshed", date: fetchedAt.slice(0, 10), ...common(settings) };
    })
    .catch((error: unknown) => {
      const { refreshError: _previous, ...rest } = info;
      info = { ...rest, refreshError: error instanceof Error ? error.message : String(error) };
      for (const listener of failureListeners) listener(failureReport(info));
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

const failureListeners = new Set<(report: string) => void>();

/**
 * Tells `listener` why the refresh failed, in one line for the operator's log: the failure standing now,
 * if any, at once, then each later one. Returns the function that stops telling it.
 */
export function onPriceRefreshFailure(listener: (report: string) => void): () => void {
  failureListeners.add(listener);
  if (info.refreshError) listener(failureReport(info));
  return () => failureListeners.delete(listener);
}

function failureReport(data: PriceDataInfo): string {
  const kept = data.source === "refreshed" ? "the data fetched on" : "the bundled data of";
  return `price data refresh failed, so prices stay those of ${kept} ${data.date}: ${data.refreshError}`;
}

/** The kept copy for `settings`, put in use, when it is there, from the same URL, and passes the checks. */
function usableCache(settings: PriceRefreshSettings): CachedData | undefined {
  const cached = readCache(settings.cachePath);
  if (!cached || cached.urlHash !== hashOf(settings.url)) return undefined;
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
