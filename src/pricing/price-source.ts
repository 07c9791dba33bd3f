// Which price data is in use: the data bundled with @pydantic/genai-prices (the default; works
// offline), or, only when the operator turns refresh on, the package's published data file, fetched
// at start and then daily, kept in the data directory so a restart offline keeps the last copy.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pricePackage } from "./price-package.ts";

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
  /** Where refreshed data comes from, when refresh is on. */
  refreshUrl?: string;
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
}

interface CachedData {
  fetchedAt: string;
  url: string;
  providers: unknown[];
}

let info: PriceDataInfo = { source: "bundled", ...bundledDate() };
let pending: Promise<void> | undefined;
let generation = 0;

/** Changes each time other price data comes into use, so look-ups made before are made again. */
export function priceDataGeneration(): number {
  return generation;
}

function use(providers: unknown[]): void {
  pricePackage().updatePrices(({ setProviderData }) => setProviderData(providers as never));
  generation += 1;
}

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
  if (/^https?:\/\//.test(value)) return { url: value, cachePath };
  throw new Error(
    `AI_UNIVERSE_PRICE_REFRESH "${value}" is not "on", "off" or an http(s) URL of a genai-prices data file.`,
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
  const cached = readCache(settings.cachePath);
  if (cached && cached.url === settings.url) {
    use(cached.providers);
    info = { source: "refreshed", date: cached.fetchedAt.slice(0, 10), ...common(settings) };
  } else info = { ...info, ...common(settings) };
  const age =
    cached && cached.url === settings.url ? now() - Date.parse(cached.fetchedAt) : Number.POSITIVE_INFINITY;
  const ready = age >= refreshEveryMs ? refresh(settings, now) : Promise.resolve();
  const timer = setInterval(() => void refresh(settings, now), refreshEveryMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}

function common(settings: PriceRefreshSettings): Pick<PriceDataInfo, "packageVersion" | "refreshUrl"> {
  return { packageVersion: bundledPriceData.version, refreshUrl: settings.url };
}

function refresh(settings: PriceRefreshSettings, now: () => number): Promise<void> {
  pending ??= fetchData(settings)
    .then((providers) => {
      const fetchedAt = new Date(now()).toISOString();
      writeCache(settings.cachePath, { fetchedAt, url: settings.url, providers });
      use(providers);
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
    throw new Error(`Could not fetch price data from ${settings.url}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`Price data at ${settings.url} answered HTTP ${response.status}.`);
  const data: unknown = await response.json().catch(() => undefined);
  const providers = Array.isArray(data) ? data : undefined;
  if (
    !providers?.every((provider) => typeof provider === "object" && provider !== null && "models" in provider)
  ) {
    throw new Error(`Price data at ${settings.url} is not a list of providers with models.`);
  }
  return providers;
}

function readCache(path: string): CachedData | undefined {
  if (!existsSync(path)) return undefined;
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
