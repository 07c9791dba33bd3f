// A hedged call: when a model has not answered by its hedge time (its own recent p95, or a set
// time), one backup request goes to the same model or a configured equivalent, and the first answer
// wins; the other request is aborted. Both are paid for: the winner carries the loser's known usage,
// or, for an aborted request, the estimated cost of its input (the same prompt's input tokens).

import { setTimeout as sleep } from "node:timers/promises";
import type { ModelOpinion } from "../../contract/opinions.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { costOf } from "../../pricing/price-data.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import { type CallPolicy, callModel, type ModelRequest } from "./retried-call.ts";

/** When and where to hedge one call. */
export interface Hedge {
  afterMs: number;
  backup: ModelEntry;
  backupModel: ModelRequest["model"];
}

/** One of the two requests, and what it gave (undefined when it was aborted for the other). */
interface Outcome {
  index: 0 | 1;
  opinion: ModelOpinion | undefined;
}

/** Calls `request`, hedging it per `hedge`; never throws for a provider failure (as callModel). */
export async function hedgedCall(
  request: ModelRequest,
  hedge: Hedge,
  policy: CallPolicy,
): Promise<ModelOpinion> {
  const controllers = [new AbortController(), new AbortController()] as const;
  const run = (index: 0 | 1, sent: ModelRequest): Promise<Outcome> =>
    callModel(sent, { ...policy, signal: AbortSignal.any([policy.signal, controllers[index].signal]) }).then(
      (opinion) => ({ index, opinion }),
      (error) => {
        if (policy.signal.aborted) throw error; // the caller cancelled: so does the hedged call
        return { index, opinion: undefined };
      },
    );
  const original = run(0, request);
  const early = await Promise.race([original, sleep(hedge.afterMs, undefined, { ref: false })]);
  if (early?.opinion) return early.opinion;
  const backup = run(1, { ...request, entry: hedge.backup, model: hedge.backupModel });
  const winner = await firstAnswered([original, backup]);
  controllers[winner.index === 0 ? 1 : 0].abort(new Error("the other request answered first"));
  const loser = await (winner.index === 0 ? backup : original);
  if (!winner.opinion) throw new ServiceError("cancelled", "The consultation was cancelled by the client.");
  return withLoserCost(
    winner.opinion,
    loser.opinion,
    winner.index === 0 ? "original" : "backup",
    hedge,
    request.entry,
  );
}

/** The first outcome with an answer; when neither answers, the first that failed with a reason. */
function firstAnswered(calls: readonly Promise<Outcome>[]): Promise<Outcome> {
  const settled: Outcome[] = [];
  return new Promise((resolve, reject) => {
    for (const call of calls) {
      call.then((outcome) => {
        settled.push(outcome);
        if (outcome.opinion && !outcome.opinion.error) resolve(outcome);
        else if (settled.length === calls.length) resolve(settled.find((done) => done.opinion) ?? outcome);
      }, reject);
    }
  });
}

/** The winning opinion with the hedge recorded and the losing request's cost added. */
function withLoserCost(
  winner: ModelOpinion,
  loser: ModelOpinion | undefined,
  won: "original" | "backup",
  hedge: Hedge,
  original: ModelEntry,
): ModelOpinion {
  const loserEntry = won === "original" ? hedge.backup : original;
  const extraTokens = loser?.tokensUsed ?? winner.inputTokens;
  const extraCost =
    loser?.cost ??
    (winner.inputTokens !== undefined
      ? costOf(loserEntry, { inputTokens: winner.inputTokens, outputTokens: 0 })
      : undefined);
  return {
    ...winner,
    ...(winner.tokensUsed !== undefined && extraTokens !== undefined
      ? { tokensUsed: winner.tokensUsed + extraTokens }
      : {}),
    ...(winner.cost !== undefined && extraCost !== undefined
      ? { cost: Math.round((winner.cost + extraCost) * 1e8) / 1e8 }
      : {}),
    hedge: {
      afterMs: Math.round(hedge.afterMs),
      backup: hedge.backup.name,
      won,
      ...(loser ? {} : { abortedRequest: won === "original" ? "backup" : "original" }),
    },
  };
}
