// The answers a stdio start gives before the server has loaded: `initialize`, `tools/list` and
// `server/discover`, exactly as the server answers them (captured from it: early-answer-capture.ts), so
// a client that lists tools at once (Codex sends its first model request about a second after it
// starts, with the tools it has by then) has them while the configuration is read, the store opened,
// the models checked and the engine loaded. The build keeps them in dist/cli, one file per naming
// style; from the sources they are asked of the server when the start needs them.
//
// The answerer follows the opening exchange as the SDK's stdio entry does: a 2025 `initialize` (then
// that revision's listing), or 2026-07-28 requests, each with its envelope. At the first message it does
// not answer it stops: the full server answers that one and everything after.

import { readFileSync } from "node:fs";
import type { ToolNameStyle } from "../application/index.ts";
import type { OpeningMessage } from "./early-requests.ts";

/** One captured JSON-RPC answer; its id is replaced by the request's. */
export interface Answer {
  jsonrpc: "2.0";
  id: string | number;
  result: object;
}

/** The server's answers to the opening requests, for one naming style. */
export interface EarlyAnswers {
  /** The program version that gave them. */
  version: string;
  style: ToolNameStyle;
  /** The answer to `initialize` by the revision it asks for; "" for a revision not listed. */
  initialize: Record<string, Answer>;
  /** The answer to a 2025 `tools/list`, as its index in `listings`, by the revision `initialize` negotiated. */
  toolsList: Record<string, number>;
  /** The answers to 2026-07-28 requests, by the revision their envelope claims (`toolsList` as above). */
  modern: Record<string, { discover: Answer; toolsList: number }>;
  /** The distinct answers to `tools/list`: most revisions list alike. */
  listings: Answer[];
}

/** Where the build writes the answers of `style`: beside this module's bundle. */
export function earlyAnswersFile(style: ToolNameStyle): URL {
  return new URL(`early-answers-${style}.json`, import.meta.url);
}

/** The answers the build wrote for `style` and `version`; undefined when there are none (the sources). */
export function writtenEarlyAnswers(style: ToolNameStyle, version: string): EarlyAnswers | undefined {
  try {
    const written = JSON.parse(readFileSync(earlyAnswersFile(style), "utf8")) as EarlyAnswers;
    return written.version === version && written.style === style ? written : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers the opening exchange from `answers`, one message at a time: the answer to send, "none" for a
 * notification taken in, or undefined once the message is one it does not answer (and from then on).
 */
export function earlyAnswerer(
  answers: EarlyAnswers,
): (message: OpeningMessage | undefined) => Answer | "none" | undefined {
  // "opening": nothing negotiated yet; a 2025 revision once `initialize` is answered; "modern" once a
  // 2026-07-28 request is; "stopped" at the first message left to the server.
  let phase: { era: "opening" | "modern" | "stopped" } | { era: "2025"; revision: string } = {
    era: "opening",
  };
  const answer = (template: Answer | undefined, id: string | number): Answer | undefined =>
    template && { ...template, id };
  const next = (message: OpeningMessage | undefined): Answer | "none" | undefined => {
    if (!message || phase.era === "stopped") return undefined;
    if (message.method === "notifications/initialized") return phase.era === "2025" ? "none" : undefined;
    if (message.method === "initialize") {
      if (phase.era !== "opening") return undefined;
      const opened = answer(
        own(answers.initialize, message.requestedRevision) ?? own(answers.initialize, ""),
        message.id,
      );
      const revision = (opened?.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (typeof revision === "string") phase = { era: "2025", revision };
      return opened;
    }
    const listing = (index: number | undefined) => answer(answers.listings[index ?? -1], message.id);
    if (message.revision === undefined)
      return phase.era === "2025" ? listing(own(answers.toolsList, phase.revision)) : undefined;
    if (phase.era === "2025") return undefined;
    const modern = own(answers.modern, message.revision);
    if (!modern) return undefined;
    // A 2026-07-28 `server/discover` opening the exchange settles nothing; the first other request does.
    if (message.method === "server/discover")
      return phase.era === "opening" ? answer(modern.discover, message.id) : undefined;
    phase = { era: "modern" };
    return listing(modern.toolsList);
  };
  return (message) => {
    const reply = next(message);
    if (reply === undefined) phase = { era: "stopped" };
    return reply;
  };
}

/** `record[key]` when `record` has it as its own property (a client names the key). */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
