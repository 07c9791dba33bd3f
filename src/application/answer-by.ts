// The answer-by time of a consultation, decided here for every front end: the time at which the
// synthesis is written from the opinions in hand, the models still running going on, their opinions
// added to the stored turn as they land. The caller may ask for one (`answerWithinSeconds`); else it
// follows from who is calling. A caller that sends no progress token cannot tell a long call from a dead
// one, and some MCP clients give up at a fixed time whatever progress they get (the client time limits
// in configuration/client-time-limits.ts): both get the answer before then. The web page gets the
// server's answer-by time; the terminal, an MCP task and an MCP client that waits while progress flows
// (Claude Code) keep the full wait.

import { z } from "zod";
import { type ClientTimeLimit, clientTimeLimitOf } from "../configuration/client-time-limits.ts";
import type { RunOptions } from "../consultation/index.ts";
import { secondOpinionInput } from "../contract/inputs.ts";
import { validateInput } from "../contract/validate-input.ts";

/**
 * Who is calling, as the front end knows it: an MCP client (its clientInfo name and version, and
 * whether this request carries a progress token), the web page, or the terminal in this process.
 */
export type CallingClient =
  | { via: "mcp"; name?: string | undefined; version?: string | undefined; takesProgress: boolean }
  | { via: "web" }
  | { via: "cli" };

/**
 * The options of a consultation as a front end gives them: the engine's run options without the
 * answer-by time, which the application decides from the request and `client` (absent: a call inside
 * the program, such as an MCP task or an evaluation, which keeps the full wait unless the request asks).
 */
export type ConsultationOptions = Omit<RunOptions, "answerByMs"> & { client?: CallingClient };

/** What the decision needs besides the call: the server's answer-by time and the client time limits. */
export interface AnswerByRules {
  /** The server's answer-by time in milliseconds (config file `defaults.answerWithinMs`). */
  answerByMs: number;
  clientTimeLimits: readonly ClientTimeLimit[];
}

/** Seconds kept between the answer and a client's own limit, for the result to travel. */
const marginSeconds = 10;

/** The one public field that asks for an answer-by time, with the contract's bounds (5 to 3600 s). */
const requestField = z.object({ answerWithinSeconds: secondOpinionInput.shape.answerWithinSeconds });

/**
 * Milliseconds within which the consultation asked by `request` (the raw tool input) is answered, or
 * undefined for the full wait. The request's `answerWithinSeconds` wins; a bad one is invalid_argument
 * naming the field and its bounds.
 */
export function answerByOf(
  request: unknown,
  client: CallingClient | undefined,
  rules: AnswerByRules,
): number | undefined {
  const { answerWithinSeconds } = validateInput(requestField, request);
  if (answerWithinSeconds !== undefined) return answerWithinSeconds * 1000;
  if (client === undefined || client.via === "cli") return undefined;
  if (client.via === "web") return rules.answerByMs;
  const limit = clientTimeLimitOf(rules.clientTimeLimits, client.name);
  if (limit !== undefined) return Math.min(rules.answerByMs, Math.max(5, limit - marginSeconds) * 1000);
  return client.takesProgress ? undefined : rules.answerByMs;
}
