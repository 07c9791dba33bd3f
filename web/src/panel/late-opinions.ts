// The panel's way to the opinions that land after the answer: it has no stream of its own (it speaks to
// the server only through the host), so it reads the stored turn with conversation.get-history, called
// through the App bridge, a few times at growing intervals until no model is pending. Each look reads
// one page, the conversation's newest (where a turn just answered is), since each read counts against
// the caller's hourly requests like any call; the panel also offers a button to look again at once.

import type { HistoryResult } from "../../../src/contract/conversations.ts";
import type { Answer } from "../api.ts";

/** Calls a server tool through the host and resolves with its structured content; throws its error text. */
export type ToolCaller = (name: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Seconds before each automatic look at the stored turn, after the answer came: 8 looks in 4 minutes. */
export const lookSchedule = [2, 4, 8, 15, 30, 60, 60, 60] as const;

/** Messages the one page of a look holds: the most a page may. */
export const lookPageSize = 200;

/**
 * The stored turn of the answer `messageId` in `conversationId`, from one read of the history tool
 * `historyTool`: the conversation's newest page. Undefined when the turn is not on it (a conversation
 * that went on by more than a page since).
 */
export async function readStoredTurn(
  callTool: ToolCaller,
  historyTool: string,
  conversationId: string,
  messageId: string,
): Promise<Answer | undefined> {
  const { history } = (await callTool(historyTool, {
    conversationId,
    latest: true,
    limit: lookPageSize,
  })) as unknown as HistoryResult;
  return history.messages.find((candidate) => candidate.id === messageId)?.metadata.secondOpinion;
}

/** The name of `dotted` as the server lists it, from the name the host says it called (either spelling). */
export function siblingToolName(calledTool: string | undefined, dotted: string): string {
  const portable = calledTool === undefined || !calledTool.includes(".");
  return portable ? dotted.replace(/[.-]/g, "_") : dotted;
}
