// The operator's log: pino, with the request id and user id of the request being served on every
// line, configured secrets scrubbed from every message, credentials redacted, and the level from
// AI_UNIVERSE_LOG_LEVEL. JSON lines (AI_UNIVERSE_LOG_FORMAT=json, the default when stderr is not a
// terminal), or short human lines ("text", the default on a terminal).

import type pino from "pino";
import { loadPackage } from "../providers/load-package.ts";
import { requestContext } from "./request-context.ts";

export type Logger = pino.Logger;

/** A logger writing to stderr. Loads pino (synchronously, at the first call, not at import). */
export function createLogger(
  environment: Record<string, string | undefined>,
  scrub: (text: string) => string,
  stream: NodeJS.WritableStream = process.stderr,
): Logger {
  const format =
    environment.AI_UNIVERSE_LOG_FORMAT === "json" || environment.AI_UNIVERSE_LOG_FORMAT === "text"
      ? environment.AI_UNIVERSE_LOG_FORMAT
      : (stream as NodeJS.WriteStream).isTTY
        ? "text"
        : "json";
  const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
  const level = levels.includes(environment.AI_UNIVERSE_LOG_LEVEL ?? "")
    ? String(environment.AI_UNIVERSE_LOG_LEVEL)
    : "info";
  const destination =
    format === "json"
      ? { write: (line: string) => stream.write(scrub(line)) }
      : {
          write: (line: string) =>
            stream.write(`${humanLine(JSON.parse(line) as Record<string, unknown>, scrub)}\n`),
        };
  // pino's CommonJS export is its function, which is also its `default`: the bundle's ES build has only that.
  const createPino = loadPackage<{ default: typeof pino }>("pino").default;
  return createPino(
    {
      level,
      base: { service: "ai-universe" },
      timestamp: createPino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...requestContext.getStore() }),
      redact: {
        paths: ["authorization", "cookie", "credential", "token", "apiKey", "*.authorization", "*.apiKey"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

function humanLine(entry: Record<string, unknown>, scrub: (text: string) => string): string {
  const { msg, level, time: _time, service: _service, pid: _pid, hostname: _host, ...fields } = entry;
  const extra = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const prefix = level === "info" ? "" : `${level}: `;
  return scrub(`ai-universe: ${prefix}${String(msg ?? "")}${extra ? ` (${extra})` : ""}`);
}
