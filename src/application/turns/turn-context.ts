// The conversation a turn continues, read before the models are asked: the owner's conversation (none
// for a new one, refused when full) and its recent messages as the engine reads them, each answer with
// the opinions that landed after it was given.

import type { Attachment, HistoryMessage } from "../../consultation/index.ts";
import type { OwnerConversations } from "../../store/conversations.ts";
import type { Message } from "../../store/store.ts";
import { findConversationForTurn } from "../conversations/find-conversation.ts";

/** Most earlier messages read as context; the engine trims further to each model's window. */
const contextMessages = 200;

/** One turn asked by a verified owner. */
export interface TurnRequest {
  owner: string;
  question: string;
  conversationId?: string | undefined;
  title?: string | undefined;
  /** Files asked about, stored with the question. */
  attachments?: readonly Attachment[] | undefined;
  /**
   * A replay's question: the models read only what came before it, not the old answer nor what
   * followed (none when it is older than the recent messages read).
   */
  contextBefore?: string | undefined;
}

/** The conversation `conversationId` names (undefined: a new one), and its recent messages as history. */
export async function readTurnContext(
  conversations: OwnerConversations,
  conversationId: string | undefined,
  contextBefore?: string,
) {
  const conversation = await findConversationForTurn(conversations, conversationId);
  const recent = conversation ? await conversations.readRecentMessages(conversation.id, contextMessages) : [];
  const messages =
    contextBefore === undefined
      ? recent
      : recent.slice(
          0,
          Math.max(
            0,
            recent.findIndex((message) => message.id === contextBefore),
          ),
        );
  const history: HistoryMessage[] = messages.map((message) => ({
    role: message.role,
    content: contextTextOf(message),
  }));
  return { conversation, history };
}

/**
 * What a model reads of an earlier message: its content, and for an answer given before every model
 * had answered, the opinions that landed afterwards.
 */
function contextTextOf(message: Message): string {
  const second = message.metadata.secondOpinion as
    | { primary?: LateCandidate; secondaryOpinions?: LateCandidate[] }
    | undefined;
  const late = [second?.primary, ...(second?.secondaryOpinions ?? [])].filter(
    (opinion): opinion is LateCandidate => opinion?.late === true && opinion.error !== true,
  );
  if (late.length === 0) return message.content;
  const added = late.map((opinion) => `${opinion.model}, after this answer was given:\n${opinion.response}`);
  return [message.content, ...added].join("\n\n");
}

/** The fields of a stored opinion that tell whether it landed late. */
interface LateCandidate {
  model: string;
  response: string;
  late?: boolean;
  error?: boolean;
}
