// One question of the open conversation as the page shows it, with its answer (a consultation's
// result) or a one-model reply, and reading those turns from a conversation's stored history.

import type { Answer, HistoryResult, ReplayReport } from "../api.ts";

/** One question and what answered it. */
export interface Turn {
  id: number;
  question: string;
  /** The files attached to the question. */
  attachments?: { name: string; bytes: number }[];
  result?: Answer;
  reply?: string;
  /** The stored answer's id, by which its late opinions are followed. */
  messageId?: string;
  /** Models still answering when the answer was given whose opinion will never land. */
  unlanded?: string[];
  /** For a question asked again (the "Replay" button): which turn, and what changed since. */
  replay?: ReplayReport;
}

/** The turns of a conversation's messages, oldest first. */
export function turnsOfHistory(messages: HistoryResult["history"]["messages"]): Turn[] {
  const loaded: Turn[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const attachments = message.metadata.attachments ?? [];
      loaded.push({
        id: message.sequence,
        question: message.content,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } else if (loaded.length > 0) {
      const turn = loaded[loaded.length - 1] as Turn;
      if (message.metadata.secondOpinion) {
        turn.result = message.metadata.secondOpinion;
        turn.messageId = message.id;
      } else turn.reply = message.content;
    }
  }
  return loaded;
}
