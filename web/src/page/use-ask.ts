// Asking: the question joins the conversation at once, its progress shows while the consultation runs,
// then its answer replaces it (or the question goes, with the error said); the answer's late opinions
// are followed; the conversation list is read again. A running consultation can be cancelled. "Replay"
// asks a stored turn's question anew, as a new turn, which shows what changed since.

import { useRef, useState } from "react";
import { consult } from "../api.ts";
import { type AskRequest, consultationInput } from "../consultation-input.ts";
import { showInAddress } from "../conversation-route.ts";
import { describeError } from "./describe-error.ts";
import type { Turn } from "./turn.ts";
import type { OpenConversation } from "./use-conversation.ts";
import type { ConsultationProgress } from "./use-progress.ts";

/** Whether a consultation runs, and how to start or cancel one. */
export interface Asking {
  busy: boolean;
  ask(request: AskRequest): Promise<void>;
  /** Asks the question of turn `turn` (1 for the first) of this conversation again, of today's panel. */
  askAgain(turn: number, question: string): Promise<void>;
  cancel(): void;
}

/** Asks in `conversation`, showing `progress`; `refresh` reads the conversation list again. */
export function useAsk(
  conversation: OpenConversation,
  progress: ConsultationProgress,
  refresh: () => Promise<void>,
  setError: (message: string) => void,
): Asking {
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | undefined>(undefined);
  const { conversationId, setConversationId, setTurns, follow } = conversation;

  /** Shows `asked` at once, runs `input` at `path`, and puts its answer in its place. */
  const run = async (asked: Turn, input: Record<string, unknown>, path?: string) => {
    setError("");
    setBusy(true);
    progress.start();
    const controller = new AbortController();
    running.current = controller;
    setTurns((previous) => [...previous, asked]);
    try {
      const result = await consult(input, progress.onEvent, controller.signal, path);
      setConversationId(result.conversationId);
      showInAddress(result.conversationId);
      const messageId = result.assistantMessageId ?? undefined;
      const pending = result.pendingModels ?? [];
      // An answer that was not saved has no turn for its late opinions to join.
      const unlanded = !messageId && pending.length > 0 ? { unlanded: pending } : {};
      const replay = result.replay ? { replay: result.replay } : {};
      setTurns((previous) => [
        ...previous.slice(0, -1),
        { ...asked, result, ...(messageId ? { messageId } : {}), ...unlanded, ...replay },
      ]);
      if (messageId && pending.length > 0) follow(messageId);
      await refresh();
    } catch (failure) {
      setTurns((previous) => previous.slice(0, -1));
      if (!controller.signal.aborted) setError(describeError(failure));
    } finally {
      setBusy(false);
      running.current = undefined;
    }
  };

  const ask = (request: AskRequest) =>
    run(
      {
        id: Date.now(),
        question: request.question,
        ...(request.attachments.length > 0
          ? { attachments: request.attachments.map(({ name, bytes }) => ({ name, bytes })) }
          : {}),
      },
      consultationInput(request, conversationId),
    );

  const askAgain = (turn: number, question: string) =>
    run({ id: Date.now(), question }, { conversationId, turn }, "/api/replays");

  return { busy, ask, askAgain, cancel: () => running.current?.abort() };
}
