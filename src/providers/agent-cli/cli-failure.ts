// What an agent CLI's failure becomes, so the consultation reports it as any provider's: a message
// saying it is not signed in becomes a 401 naming the command that signs it in; a 429-like message
// (rate limit, usage limit, quota) becomes a retryable 429 with the wait it named (Retry-After); output
// that is not its JSON becomes a malformed response; anything else, its own message. The AI SDK's error
// type is loaded when a call fails, so naming the CLI vendors loads none of the SDK at start.

import type { AgentCliSpec } from "./agent-cli-spec.ts";

const notSignedIn =
  /not logged in|please run \/login|log ?in (?:is )?required|set an auth method|unauthori[sz]ed|\b401\b|invalid api key|authentication (?:failed|required)/i;
const rateLimited = /\b429\b|rate.?limit|too many requests|quota|usage limit|resource.?exhausted/i;
const waitWords =
  /(?:try again|retry|resets?|available again)\s+(?:in|after)\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b/i;

/** The error of a call to `cli` that failed with `message` (its own words). */
export async function cliCallError(provider: string, cli: AgentCliSpec, message: string): Promise<Error> {
  const { APICallError } = await import("@ai-sdk/provider");
  const said = message.trim().slice(0, 500);
  const common = { url: `agent-cli:${cli.command}`, requestBodyValues: {}, responseBody: said };
  if (notSignedIn.test(said)) {
    return new APICallError({
      ...common,
      message: `${cli.command} is not signed in: ${cli.signIn} (it said: ${said})`,
      statusCode: 401,
      isRetryable: false,
    });
  }
  if (rateLimited.test(said)) {
    const waitSeconds = waitOf(said);
    return new APICallError({
      ...common,
      message: `${cli.command} is rate limited by its subscription: ${said}`,
      statusCode: 429,
      isRetryable: true,
      ...(waitSeconds !== undefined ? { responseHeaders: { "retry-after": String(waitSeconds) } } : {}),
    });
  }
  const error = new Error(`${provider} (${cli.command}) failed: ${said}`);
  error.name = "AgentCliError";
  return error;
}

/** The error of a CLI whose output is not the JSON it prints headless. */
export function malformedOutput(cli: AgentCliSpec, stdout: string): Error {
  const start = stdout.trim().slice(0, 200);
  const error = new Error(
    `${cli.command} printed no JSON answer${start ? ` (it began: ${JSON.stringify(start)})` : " (nothing)"}; check that "${cli.command} --version" runs and is a version this program knows.`,
  );
  error.name = "InvalidResponseDataError";
  return error;
}

/** Seconds to wait that `message` names ("try again in 20 s", "resets in 2 hours"), if any. */
export function waitOf(message: string): number | undefined {
  const found = waitWords.exec(message);
  if (!found?.[1] || !found[2]) return undefined;
  const value = Number.parseFloat(found[1]);
  const unit = found[2].toLowerCase();
  const factor =
    unit.startsWith("ms") || unit.startsWith("milli")
      ? 0.001
      : unit.startsWith("h")
        ? 3600
        : unit.startsWith("m")
          ? 60
          : 1;
  return Math.ceil(value * factor);
}
