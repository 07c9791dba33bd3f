// The page's side of the server's /api: JSON calls, and a consultation read as a stream of
// server-sent events (progress, then the result or the error). Errors keep the server's words.

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

const changing = { "content-type": "application/json", "x-requested-with": "ai-universe" };

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { credentials: "same-origin", ...init });
  const body = (await response.json().catch(() => ({}))) as {
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
  if (!response.ok || body.error) {
    throw new ApiError(
      body.error?.code ?? `http_${response.status}`,
      body.error?.message ?? `The server answered HTTP ${response.status}.`,
      body.error?.details,
    );
  }
  return body as T;
}

export interface Me {
  signedIn: boolean;
  authMode: "none" | "api-key" | "oauth";
  userId?: string;
  tier?: string;
}

export interface ModelInfo {
  name: string;
  displayName: string;
  provider: string;
  inputPricePerMillion: number | null;
  outputPricePerMillion: number | null;
  webSearch: boolean;
  /** The vendor retires the model soon. */
  deprecated?: boolean;
  /** Files besides text the model reads: "image", "pdf". */
  reads?: string[];
}

/** Where the prices come from: the data bundled with the server's package, or refreshed, and its date. */
export interface PriceData {
  source: "bundled" | "refreshed";
  /** YYYY-MM-DD. */
  date: string;
  packageVersion: string;
}

/** The reasoning levels a consultation can ask for. */
export const reasoningLevels = ["off", "low", "medium", "high"] as const;
export type ReasoningLevel = (typeof reasoningLevels)[number];

/** A named panel of models, as `/api/models` lists it. */
export interface PanelInfo {
  name: string;
  description?: string;
  models: string[];
  primary: string;
  synthesisModel?: string;
  /** Absent: every model of the panel is asked. */
  maxOpinions?: number;
  available: boolean;
  unavailableModels: string[];
  estimatedCostUsd?: number;
}

export type Stance = "for" | "against" | "neutral";
export type Vote = "go" | "block" | "unsure";

/** The synthesis model's structured verdict beside its text. */
export interface Assessment {
  agreement: { score: number; reason: string };
  consensus: string[];
  dissent: { point: string; models: string[] }[];
  verdict?: { decision: Vote; reason: string; votes: { model: string; vote: Vote }[] };
}

/** The council review: the aggregate ranking (best first) and each reviewer's own. */
export interface CouncilReview {
  ranking: { model: string; points: number; meanRank: number; reviews: number }[];
  reviews: { reviewer: string; ranking: { model: string; reason: string }[]; error?: string }[];
}

/** One debate round: every model's answer in it, and from round 2 who changed their position. */
export interface DebateRound {
  round: number;
  opinions: Opinion[];
  changes?: { model: string; changedPosition: boolean; why: string }[];
}

export interface Citation {
  title: string;
  url: string;
}

export interface Opinion {
  model: string;
  modelDisplayName: string;
  response: string;
  latencyMs: number;
  tokensUsed?: number;
  cost?: number;
  /** Part of the tokens spent thinking, and the reasoning level asked for. */
  reasoningTokens?: number;
  reasoning?: ReasoningLevel;
  cachedInputTokens?: number;
  /** Web searches the model ran; when search was asked, whether it searched and, if not, why. */
  webSearches?: number;
  webSearch?: { searched: boolean; note?: string };
  /** Attached files the model could not read, each with the reason. */
  unseenAttachments?: { name: string; reason: string }[];
  citations: Citation[];
  error?: boolean;
  /** Still running when the answer was given: a placeholder until its opinion lands. */
  pending?: boolean;
  /** Landed after the answer was given (the synthesis did not hear it). */
  late?: boolean;
}

export interface SecondOpinion {
  conversationId: string;
  primary: Opinion;
  secondaryOpinions: Opinion[];
  synthesis:
    | (Opinion & {
        sources?: Citation[];
        assessment?: Assessment;
        /** Why there is no assessment. */
        assessmentError?: string;
        /** Models that failed to write the synthesis, and why. */
        fallbackFrom?: { model: string; error: string }[];
        /** When no synthesis could be written: whose answer was kept. */
        fallbackAnswerFrom?: string;
      })
    | null;
  summary: {
    totalModels: number;
    successfulModels: number;
    totalLatencyMs: number;
    totalTokens?: number;
    totalCost?: number;
    /** Says that the synthesis did not hear from every model, when it did not. */
    note?: string;
  };
  /** Models still running when the answer was given; each lands in this turn later. */
  pendingModels?: string[];
  /** The stored answer's id: its late opinions are followed with `followLateOpinions`. */
  assistantMessageId?: string | null;
  budget?: { leftOut: { model: string; reason: string }[] };
  stances?: Record<string, Stance>;
  rounds?: DebateRound[];
  review?: CouncilReview;
}

export interface ConversationSummary {
  id: string;
  title: string | null;
  messageCount: number;
  updatedAt: string;
}

export interface SearchHit {
  conversationId: string;
  title: string | null;
  snippet: string;
}

export interface StoredMessage {
  id: string;
  role: "user" | "assistant" | "system";
  content: string;
  sequence: number;
  createdAt: string;
  metadata: {
    secondOpinion?: Omit<SecondOpinion, "conversationId">;
    /** On a question: the files attached to it. */
    attachments?: { name: string; mediaType: string; bytes: number }[];
  } & Record<string, unknown>;
}

/** A progress event of a running consultation. */
export type ProgressEvent =
  | { type: "consultation-started"; models: string[]; synthesis: boolean }
  | { type: "model-started"; model: string; role: string }
  | { type: "model-retrying"; model: string; attempt: number; reason: string }
  | {
      type: "model-finished";
      model: string;
      error: boolean;
      latencyMs: number;
      tokensUsed?: number;
      cost?: number;
    }
  | { type: "model-text"; model: string; stage: "opinion" | "revision" | "synthesis"; delta: string }
  | { type: "round-started"; round: number; models: string[] }
  | { type: "review-started"; reviewers: string[] }
  | { type: "review-finished"; reviewer: string; error: boolean; failure?: string }
  | { type: "synthesis-started"; model: string }
  | { type: "synthesis-finished"; model: string; error: boolean };

export const api = {
  me: () => call<Me>("/api/me"),
  signIn: (credential: string) =>
    call<Me>("/api/session", { method: "POST", headers: changing, body: JSON.stringify({ credential }) }),
  signOut: () => call<Me>("/api/session", { method: "DELETE", headers: changing }),
  models: () => call<{ models: ModelInfo[]; panels?: PanelInfo[]; priceData?: PriceData }>("/api/models"),
  conversations: () => call<{ conversations: ConversationSummary[] }>("/api/conversations"),
  search: (query: string) =>
    call<{ results: SearchHit[] }>(`/api/conversations?search=${encodeURIComponent(query)}`),
  history: (id: string) =>
    call<{ history: { messages: StoredMessage[] } }>(`/api/conversations/${encodeURIComponent(id)}`),
  rename: (id: string, title: string) =>
    call<ConversationSummary>(`/api/conversations/${encodeURIComponent(id)}`, {
      method: "PATCH",
      headers: changing,
      body: JSON.stringify({ title }),
    }),
  remove: (id: string) =>
    call<unknown>(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE", headers: changing }),
  exportUrl: (id: string) => `/api/conversations/${encodeURIComponent(id)}/markdown`,
};

/** Runs a consultation; `onProgress` sees each event; resolves with the result. */
export async function consult(
  input: Record<string, unknown>,
  onProgress: (event: ProgressEvent) => void,
  signal: AbortSignal,
): Promise<SecondOpinion> {
  const response = await fetch("/api/consultations", {
    method: "POST",
    headers: changing,
    body: JSON.stringify(input),
    signal,
    credentials: "same-origin",
  });
  let result: SecondOpinion | undefined;
  await readEvents(response, (event, payload) => {
    if (event === "progress") onProgress(payload as ProgressEvent);
    else if (event === "result") result = payload as SecondOpinion;
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
  onTurn: (turn: Omit<SecondOpinion, "conversationId">) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const response = await fetch(`/api/answers/${encodeURIComponent(messageId)}/late-opinions`, {
    signal,
    credentials: "same-origin",
  });
  let unlanded: string[] | undefined;
  await readEvents(response, (event, payload) => {
    if (event === "turn") onTurn(payload as Omit<SecondOpinion, "conversationId">);
    else if (event === "end") unlanded = (payload as { unlanded: string[] }).unlanded;
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
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as {
      error?: { code: string; message: string; details?: Record<string, unknown> };
    };
    throw new ApiError(
      body.error?.code ?? `http_${response.status}`,
      body.error?.message ?? `The server answered HTTP ${response.status}.`,
      body.error?.details,
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let end = buffered.indexOf("\n\n");
      while (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf("\n\n");
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (!event || !data) continue;
        const payload = JSON.parse(data);
        if (event === "error") throw new ApiError(payload.code, payload.message, payload.details);
        if (!onEvent(event, payload)) return;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
