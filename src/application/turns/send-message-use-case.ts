// The `conversation.send-message` use case: one model answers (consult) with the conversation so far,
// inside the caller's daily budget and idempotency key, and the turn is recorded. A store that cannot
// be written refuses the message before any model is asked.

import { consult, type HistoryMessage, type RunOptions } from "../../consultation/index.ts";
import type { SendMessageResult } from "../../contract/consultation-results.ts";
import { sendMessageInput } from "../../contract/inputs.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { validateInput } from "../../contract/validate-input.ts";
import type { Store } from "../../store/store.ts";
import type { Caller } from "../caller.ts";
import { countingAgentCliCalls } from "../limits/agent-cli-calls.ts";
import { runWithinBudget } from "../limits/budgeted-run.ts";
import { answerTurn } from "./answer-turn.ts";
import { outcomeOf } from "./record-turn.ts";
import type { TurnUseCaseParts } from "./second-opinion-use-case.ts";
import { messageResult, readStoredReply } from "./turn-results.ts";

/** The send-message use case (Application.sendMessage). */
export function sendMessageUseCase(parts: Omit<TurnUseCaseParts, "lateWork">) {
  const { services, admission, gate } = parts;
  return async (caller: Caller, input: unknown, options: RunOptions): Promise<SendMessageResult> => {
    const { idempotencyKey, ...request } = validateInput(sendMessageInput, input);
    const turn = {
      owner: caller.userId,
      question: request.content,
      conversationId: request.conversationId,
      title: request.title,
    };
    return gate.run(
      { owner: caller.userId, key: idempotencyKey, tool: "conversation.send-message", arguments: request },
      async (stamp) => {
        const { outcome } = await runWithinBudget(
          { admission, caller, request },
          async (cost, charge) => {
            await refuseUnlessWritable(services.store);
            const ask = (history: readonly HistoryMessage[]) =>
              consult(
                { kind: "message", model: request.model, cost, question: turn.question, history },
                countingAgentCliCalls(services, admission, caller),
                options,
              );
            return answerTurn(turn, ask, services, charge, stamp);
          },
          (done) => done.answer.cost,
        );
        return messageResult(outcome);
      },
      (stored) => messageResult(outcomeOf(stored, readStoredReply(stored.assistant))),
      options.signal,
    );
  };
}

/**
 * A message continues a conversation that only the store keeps: on a store that cannot be written it
 * is refused before any model is asked, rather than answered and then forgotten.
 */
async function refuseUnlessWritable(store: Store): Promise<void> {
  const health = await store.health();
  if (health.writable) return;
  throw new ServiceError(
    "store_unavailable",
    `${(health.error ?? "The store cannot be written.").replace(/\.$/, "")}. The message was not sent: its reply could not be kept.`,
  );
}
