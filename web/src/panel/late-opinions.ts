// The panel's way to the opinions that land after the answer: it has no stream of its own (it speaks to
// the server only through the host), so it reads the stored turn with conversation.get-history, called
// through the App bridge, a few times at growing intervals until no model is pending. Each read counts
// against the caller's hourly requests like any call, hence few of them; the panel also offers a button
// to look again at once.

import type { HistoryResult } from "../../../src/contract/conversations.ts";
import type { Answer } from "../api.ts";

/** Calls a server tool through the host and resolves with its structured content; throws its error text. */
export type ToolCaller = (name: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Seconds before each automatic look at the stored turn, after the answer came: 8 looks in 4 minutes. */
export const lookSchedule = [2, 4, 8, 15, 30, 60, 60, 60] as const;

/** Where a turn was found: the cursor of its page (undefined for the first page), so a look starts there. */
export interface TurnPlace {
  cursor?: string;
}

/**
 * The stored turn of the answer `messageId` in `conversationId`, read page by page with the history tool
 * `historyTool` from `place` on; `place` is moved to the page that held it.
 */
export async function readStoredTurn(
  callTool: ToolCaller,
  historyTool: string,
  conversationId: string,
  messageId: string,
  place: TurnPlace,
): Promise<Answer | undefined> {
  let cursor = place.cursor;
  for (;;) {
    const { history } = (await callTool(historyTool, {
      conversationId,
      ...(cursor ? { cursor } : {}),
    })) as unknown as HistoryResult;
    const message = history.messages.find((candidate) => candidate.id === messageId);
    if (message) {
      place.cursor = cursor;
      return message.metadata.secondOpinion;
    }
    if (!history.hasMore || !history.nextCursor) return undefined;
    cursor = history.nextCursor;
  }
}

/** The name of `dotted` as the server lists it, from the name the host says it called (either spelling). */
export function siblingToolName(calledTool: string | undefined, dotted: string): string {
  const portable = calledTool === undefined || !calledTool.includes(".");
  return portable ? dotted.replace(/[.-]/g, "_") : dotted;
}
