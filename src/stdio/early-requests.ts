// Reads one line of a stdio client's opening exchange for the early answers (early-answers.ts): is it an
// `initialize`, `notifications/initialized`, `tools/list` or `server/discover` the SDK would take as
// valid? Deliberately narrow, with nothing loaded but this file: a request is recognised only when it is
// valid under the SDK's schemas for certain (the same checks, written out); anything else, a cursor, a
// `_meta` of a 2025 request, icons, a foreign key, is left to the full server, which answers it as ever.

import { nestsTooDeeply } from "../contract/message-depth.ts";

/** The reserved `_meta` keys of a 2026-07-28 request's envelope. */
export const envelopeKeys = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
} as const;

/** A JSON-RPC request id. */
export type RequestId = string | number;

/** A message of the opening exchange the early answers know, as read from its line. */
export type OpeningMessage =
  | { method: "initialize"; id: RequestId; requestedRevision: string }
  | { method: "notifications/initialized" }
  /** `revision`: the 2026-07-28 envelope's revision; absent on a 2025 request. */
  | { method: "tools/list"; id: RequestId; revision?: string }
  | { method: "server/discover"; id: RequestId; revision: string };

/** Longest line read: the opening requests are small, a longer one is left to the full server. */
const longestLine = 64 * 1024;

/** The opening message `line` holds, or undefined when it is anything else or not certainly valid. */
export function readOpeningMessage(line: string): OpeningMessage | undefined {
  if (line.length > longestLine || nestsTooDeeply(line)) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(message) || !hasOnly(message, ["jsonrpc", "id", "method", "params"])) return undefined;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== "2.0" || (params !== undefined && !isObject(params))) return undefined;
  if (id === undefined) {
    const empty = params === undefined || Object.keys(params).length === 0;
    return method === "notifications/initialized" && empty ? { method } : undefined;
  }
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  const requestId = id as RequestId;
  if (method === "initialize") return initializeOf(requestId, params);
  if (method === "tools/list" && (params === undefined || Object.keys(params).length === 0))
    return { method, id: requestId };
  if (method !== "tools/list" && method !== "server/discover") return undefined;
  const revision = envelopeRevision(params);
  return revision === undefined ? undefined : { method, id: requestId, revision };
}

function initializeOf(
  id: RequestId,
  params: Record<string, unknown> | undefined,
): OpeningMessage | undefined {
  if (!params || !hasOnly(params, ["protocolVersion", "capabilities", "clientInfo"])) return undefined;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== "string" || !isImplementation(clientInfo)) return undefined;
  if (!areCapabilities(capabilities, true)) return undefined;
  return { method: "initialize", id, requestedRevision: protocolVersion };
}

/** The revision of a valid 2026-07-28 envelope, params holding nothing else; undefined otherwise. */
function envelopeRevision(params: Record<string, unknown> | undefined): string | undefined {
  if (!params || !hasOnly(params, ["_meta"]) || !isObject(params._meta)) return undefined;
  const meta = params._meta;
  if (!hasOnly(meta, Object.values(envelopeKeys))) return undefined;
  const revision = meta[envelopeKeys.protocolVersion];
  const clientInfo = meta[envelopeKeys.clientInfo];
  if (typeof revision !== "string" || (clientInfo !== undefined && !isImplementation(clientInfo)))
    return undefined;
  return areCapabilities(meta[envelopeKeys.clientCapabilities], false) ? revision : undefined;
}

/** The SDK's Implementation: name and version, and the optional title, description, website and icons. */
function isImplementation(value: unknown): boolean {
  if (!isObject(value) || typeof value.name !== "string" || typeof value.version !== "string") return false;
  const { title, description, websiteUrl, icons } = value;
  return (
    [title, description, websiteUrl].every((field) => field === undefined || typeof field === "string") &&
    (icons === undefined || (Array.isArray(icons) && icons.every(isIcon)))
  );
}

function isIcon(icon: unknown): boolean {
  if (!isObject(icon) || typeof icon.src !== "string") return false;
  const { mimeType, sizes, theme } = icon;
  return (
    (mimeType === undefined || typeof mimeType === "string") &&
    (sizes === undefined || (Array.isArray(sizes) && sizes.every((size) => typeof size === "string"))) &&
    (theme === undefined || theme === "light" || theme === "dark")
  );
}

/**
 * The SDK's client capabilities: the known ones checked as its schema does, any other key allowed.
 * `tasks` is checked on the 2025 revisions only; 2026-07-28 has no such capability and ignores it.
 */
function areCapabilities(value: unknown, withTasks: boolean): boolean {
  if (!isObject(value)) return false;
  const { experimental, extensions, sampling, elicitation, roots, tasks } = value;
  return (
    optionalRecordOfObjects(experimental) &&
    optionalRecordOfObjects(extensions) &&
    optionalObjectWith(sampling, { context: isObject, tools: isObject }) &&
    optionalObjectWith(elicitation, { form: isElicitationForm, url: isObject }) &&
    optionalObjectWith(roots, { listChanged: isBoolean }) &&
    (!withTasks || optionalObjectWith(tasks, { list: isObject, cancel: isObject, requests: isTaskRequests }))
  );
}

const isElicitationForm = (form: unknown) => isObject(form) && optional(form.applyDefaults, isBoolean);

const isTaskRequests = (requests: unknown) =>
  optionalObjectWith(requests, {
    sampling: (sampling) => optionalObjectWith(sampling, { createMessage: isObject }),
    elicitation: (elicitation) => optionalObjectWith(elicitation, { create: isObject }),
  });

/** Undefined, or an object whose named fields, where present, pass their checks. */
function optionalObjectWith(value: unknown, fields: Record<string, (field: unknown) => boolean>): boolean {
  if (value === undefined) return true;
  if (!isObject(value)) return false;
  return Object.entries(fields).every(([name, check]) => optional(value[name], check));
}

function optionalRecordOfObjects(value: unknown): boolean {
  return value === undefined || (isObject(value) && Object.values(value).every(isObject));
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

function isBoolean(value: unknown): boolean {
  return typeof value === "boolean";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` has no key but `keys`. */
function hasOnly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(value).every((key) => keys.includes(key));
}
