// Fetching a price data file: only from a URL the rule allows (https, or plain http to this machine),
// each redirect checked against the same rule before it is followed (and never from https down to plain
// http), a user and password in the URL sent as HTTP Basic to that URL's own origin alone, the body read
// up to a cap, then checked (price-file-check.ts). No error names more of a URL than its host: the user,
// password, path and query may hold a token, and a library's message may quote the whole URL.

import { checkPriceFile } from "./price-file-check.ts";

/** The largest price data file read, in bytes: the published one is about 1 MB. */
export const maxPriceFileBytes = 16 * 1024 * 1024;

/** The most redirects followed for one fetch. */
const maxRedirects = 5;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Whether prices may be fetched from `url`: https, or plain http to this machine alone. */
export function priceUrlAllowed(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

/** The host (and port) of `url`, without credentials, path or query. */
export function hostOf(url: string | URL): string {
  try {
    return new URL(url).host;
  } catch {
    return "the price data URL";
  }
}

/**
 * Fetches the price data file at `address` and returns it checked (a list of providers); throws an Error
 * saying why not, naming hosts only.
 */
export async function fetchPriceFile(
  address: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<unknown[]> {
  const source = new URL(address);
  const host = source.host;
  const response = await fetchFollowingAllowedRedirects(source, fetch);
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`Price data from ${host} answered HTTP ${response.status}.`);
  }
  const text = await readCapped(response, host);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`Price data from ${host} is not JSON.`);
  }
  try {
    return checkPriceFile(data);
  } catch (error) {
    throw new Error(`Price data from ${host} was refused: ${(error as Error).message}.`);
  }
}

/**
 * The response at `source`, after the redirects that keep to the rule: each hop is asked for by this
 * function (never followed by the fetch unseen), and one to a URL the rule refuses, or from https to
 * plain http, is refused before anything is sent to it.
 */
async function fetchFollowingAllowedRedirects(
  source: URL,
  fetch: typeof globalThis.fetch,
): Promise<Response> {
  const signal = AbortSignal.timeout(15_000);
  const authorization = basicAuthorization(source);
  let url = withoutCredentials(source);
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: "manual",
        signal,
        ...(authorization && url.origin === source.origin ? { headers: { authorization } } : {}),
      });
    } catch (error) {
      throw new Error(`Could not fetch price data from ${url.host}: ${failureOf(error, source, url)}.`);
    }
    if (!redirectStatuses.has(response.status)) return response;
    await response.body?.cancel().catch(() => {});
    const next = redirectTarget(response, url);
    if (hops >= maxRedirects) {
      throw new Error(`Price data from ${source.host} redirected more than ${maxRedirects} times.`);
    }
    url = next;
  }
}

/** Where `response` (to `from`) redirects, if the rule allows it; throws saying why not. */
function redirectTarget(response: Response, from: URL): URL {
  const refused = (why: string) =>
    new Error(`Price data from ${from.host} redirected ${why}, so it was refused and not fetched.`);
  const location = response.headers.get("location");
  let next: URL;
  try {
    next = new URL(location ?? "", from);
  } catch {
    throw refused("to an address that is not a URL");
  }
  if (location === null) throw refused("without saying where");
  if (from.protocol === "https:" && next.protocol !== "https:") {
    throw refused(`from https down to ${next.protocol.replace(":", "")} on ${next.host}`);
  }
  if (!priceUrlAllowed(next)) {
    throw refused(
      next.protocol === "http:"
        ? `to plain http on ${next.host}, another machine (prices come over https, or plain http only to this machine)`
        : `to a ${next.protocol.replace(":", "")} URL`,
    );
  }
  // Credentials are sent only to the address given, never to where it points.
  return withoutCredentials(next);
}

/** `url` without its user and password, which fetch refuses in a URL. */
function withoutCredentials(url: URL): URL {
  const bare = new URL(url);
  bare.username = "";
  bare.password = "";
  return bare;
}

/** The Basic authorization of `url`'s user and password, when it has them. */
function basicAuthorization(url: URL): string | undefined {
  if (url.username === "" && url.password === "") return undefined;
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return `Basic ${Buffer.from(credentials).toString("base64")}`;
}

/**
 * Why a fetch failed, in words that carry no part of `source` or `url` but the host: the cause's code
 * when it has one (ECONNREFUSED), else its message with every URL in it cut to its host and the given
 * URL's user, password, path and query cut out.
 */
function failureOf(error: unknown, source: URL, url: URL): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (error instanceof Error && error.name === "TimeoutError") return "no answer within 15 s";
  const message =
    typeof cause?.code === "string"
      ? cause.code
      : typeof cause?.message === "string"
        ? cause.message
        : error instanceof Error
          ? error.message
          : String(error);
  const secrets = [source, url]
    .flatMap((address) => [address.username, address.password, address.pathname, address.search])
    .flatMap((part) => [part, safeDecode(part)])
    .filter((part) => part.length > 1)
    .sort((left, right) => right.length - left.length);
  let text = message.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (found) => hostOf(found));
  for (const secret of secrets) text = text.split(secret).join("…");
  return text.slice(0, 200);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The body of `response` as text, refused as soon as it passes {@link maxPriceFileBytes}. */
async function readCapped(response: Response, host: string): Promise<string> {
  const tooLarge = () =>
    new Error(
      `Price data from ${host} is larger than ${maxPriceFileBytes / 1024 / 1024} MiB, so it was refused.`,
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

/** Whether `hostname` (of a parsed URL) names this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}
