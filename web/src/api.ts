// The page's side of the server's /api: JSON calls, and a consultation read as a stream of
// server-sent events (progress, then the result or the error). Errors keep the server's words. Every
// type of what the server answers comes from the contract (src/contract/), erased at build, and keeps
// its contract name here and in every component: the page cannot drift from the server.

import type { SecondOpinionResult } from "../../src/contract/consultation-results.ts";
import type {
  ConversationListResult,
  DeleteResult,
  HistoryResult,
  RenameResult,
  SearchResult,
} from "../../src/contract/conversations.ts";
import type { ErrorBody } from "../../src/contract/error-table.ts";
import type { EvaluationList, EvaluationReport } from "../../src/contract/evaluation.ts";
import { streamEvents } from "../../src/contract/event-stream.ts";
import type { SecondOpinion, Synthesis } from "../../src/contract/opinions.ts";
import type { ConsultationEvent } from "../../src/contract/progress-events.ts";
import type { ReplayReport } from "../../src/contract/replay.ts";
import type {
  LateOpinionsEnd,
  PageModelListing,
  SessionChange,
  SignedInState,
} from "../../src/contract/web-api.ts";

export {
  type Claim,
  describeIndependentVotes,
  type IndependentVotes,
} from "../../src/contract/claims.ts";
export type { SecondOpinionResult } from "../../src/contract/consultation-results.ts";
export { describeAdaptivePath } from "../../src/contract/consultation-strategies.ts";
export type { HistoryResult, SearchHit } from "../../src/contract/conversations.ts";
export type { ConversationSummary } from "../../src/contract/messages.ts";
export type { PanelDescription, PriceDataInfo } from "../../src/contract/models.ts";
export type {
  Assessment,
  Citation,
  CouncilReview,
  DebateRound,
  ModelCall,
  ModelOpinion,
  SecondOpinion,
  Stance,
  Synthesis,
  Vote,
} from "../../src/contract/opinions.ts";
export type { ConsultationEvent } from "../../src/contract/progress-events.ts";
export { type ReasoningLevel, reasoningLevels } from "../../src/contract/reasoning-levels.ts";
export { describeReplayDiff, type ReplayReport } from "../../src/contract/replay.ts";
export { describeStrategyChoice } from "../../src/contract/strategy-choice.ts";
export { verdictNotes } from "../../src/contract/verdict-notes.ts";
export type { PageModel, SignedInState } from "../../src/contract/web-api.ts";

/**
 * An answer as the page shows it: a fresh consultation's result, or a turn read from the history or
 * followed as its late opinions land (whose synthesis is absent rather than null).
 */
export type Answer = Omit<SecondOpinion, "synthesis"> & { synthesis?: Synthesis | null };

/** An error the server reported: its stable code, its message and details (such as retry times). */
export class ApiError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/**
 * Told when the server no longer knows the page (an answer 401 `unauthenticated`: the session ended,
 * was signed out elsewhere or its key revoked), so the page can ask to sign in again.
 */
export const signedOut = new EventTarget();

const changing = { "content-type": "application/json", "x-requested-with": "ai-universe" };

/** The ApiError of an error answer, read from the server's one error body. */
async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
  if (response.status === 401 && body.error?.code === "unauthenticated")
    signedOut.dispatchEvent(new Event("signed-out"));
  return new ApiError(
    body.error?.code ?? `http_${response.status}`,
    body.error?.message ?? `The server answered HTTP ${response.status}.`,
    body.error?.details,
  );
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { credentials: "same-origin", ...init });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as T;
}

export const api = {
  me: () => call<SignedInState>("/api/me"),
  signIn: (credential: string) =>
    call<SessionChange>("/api/session", {
      method: "POST",
      headers: changing,
      body: JSON.stringify({ credential }),
    }),
  signOut: () => call<SessionChange>("/api/session", { method: "DELETE", headers: changing }),
  models: () => call<PageModelListing>("/api/models"),
  conversations: () => call<ConversationListResult>("/api/conversations"),
  search: (query: string) => call<SearchResult>(`/api/conversations?search=${encodeURIComponent(query)}`),
  history: (id: string) => call<HistoryResult>(`/api/conversations/${encodeURIComponent(id)}`),
  rename: (id: string, title: string) =>
    call<RenameResult>(`/api/conversations/${encodeURIComponent(id)}`, {
      method: "PATCH",
      headers: changing,
      body: JSON.stringify({ title }),
    }),
  remove: (id: string) =>
    call<DeleteResult>(`/api/conversations/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: changing,
    }),
  exportUrl: (id: string) => `/api/conversations/${encodeURIComponent(id)}/markdown`,
  evaluations: () => call<EvaluationList>("/api/evaluations"),
  /** Run `id`'s report with the page of its questions from `offset`. */
  evaluation: (id: string, offset = 0) =>
    call<EvaluationReport>(`/api/evaluations/${encodeURIComponent(id)}?questions=1&offset=${offset}`),
};

/**
 * Runs a consultation (or, at `/api/replays`, asks a stored question again); `onProgress` sees each
 * event; resolves with the result.
 */
export async function consult(
  input: Record<string, unknown>,
  onProgress: (event: ConsultationEvent) => void,
  signal: AbortSignal,
  path = "/api/consultations",
): Promise<SecondOpinionResult & { replay?: ReplayReport }> {
  const response = await fetch(path, {
    method: "POST",
    headers: changing,
    body: JSON.stringify(input),
    signal,
    credentials: "same-origin",
  });
  let result: (SecondOpinionResult & { replay?: ReplayReport }) | undefined;
  await readEvents(response, (event, payload) => {
    if (event === "progress") onProgress(payload as ConsultationEvent);
    else if (event === "result") result = payload as SecondOpinionResult;
    return event !== "result";
  });
  if (result) return result;
  throw new ApiError("interrupted", "The connection to the server closed before the answer came.");
}

/**
 * Follows the late opinions of the answer `messageId`: `onTurn` sees the stored turn at once and each
 * time one lands. Resolves with the models that will never land (none when every one did).
 */
export async function followLateOpinions(
  messageId: string,
  onTurn: (turn: SecondOpinion) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const response = await fetch(`/api/answers/${encodeURIComponent(messageId)}/late-opinions`, {
    signal,
    credentials: "same-origin",
  });
  let unlanded: string[] | undefined;
  await readEvents(response, (event, payload) => {
    if (event === "turn") onTurn(payload as SecondOpinion);
    else if (event === "end") unlanded = (payload as LateOpinionsEnd).unlanded;
    return event !== "end";
  });
  if (unlanded) return unlanded;
  throw new ApiError("interrupted", "The connection to the server closed before every opinion came.");
}

/**
 * Reads the server-sent events of `response`, handing each to `onEvent` until it returns false or the
 * stream ends; an `error` event (or an error answer) is thrown as ApiError.
 */
async function readEvents(
  response: Response,
  onEvent: (event: string, payload: unknown) => boolean,
): Promise<void> {
  if (!response.ok || !response.body) throw await errorOf(response);
  for await (const { event, payload } of streamEvents(response.body)) {
    if (event === "error") {
      const { code, message, details } = payload as ErrorBody["error"];
      throw new ApiError(code, message, details);
    }
    if (!onEvent(event, payload)) return;
  }
}
