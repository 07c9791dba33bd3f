// `strategy: "auto"` resolved before a panel is asked: the strategy is chosen from the owner's eval runs
// (read as the independent votes read them), and the request becomes the one that strategy asks: one
// model alone (the runs' best model), the adaptive council, the full council, or the panel's default.
// Every path that asks the panel (the use case, the cost question, an evaluation) resolves it the same way.

import type { ConsultationStrategy } from "../contract/consultation-strategies.ts";
import type { StrategyChoice } from "../contract/strategy-choice.ts";
import { chooseStrategy } from "../evaluation/choice/strategy-choice.ts";
import type { ApplicationServices } from "./application-services.ts";
import { evaluationHistory } from "./independent-votes.ts";

/** The parts of a second-opinion request the choice reads and changes. */
interface StrategyRequest {
  question: string;
  strategy?: ConsultationStrategy | "auto" | undefined;
  panel?: string | undefined;
  primaryModel?: string | undefined;
  secondaryModels?: string[] | undefined;
  maxOpinions?: number | undefined;
  maxCostUsd?: number | undefined;
}

/** A request with its strategy one the engine runs. */
type Resolved<Request> = Omit<Request, "strategy"> & { strategy?: ConsultationStrategy };

/** `request` as the panel is asked it: with "auto" resolved, and the choice when it was made. */
export async function resolveStrategy<Request extends StrategyRequest>(
  services: Pick<ApplicationServices, "store" | "roster">,
  owner: string,
  request: Request,
): Promise<{ request: Resolved<Request>; choice?: StrategyChoice }> {
  const { strategy, ...rest } = request;
  if (strategy !== "auto") return { request: { ...rest, ...(strategy ? { strategy } : {}) } };
  const runs = await evaluationHistory(services.store.evaluations, owner);
  const choice = chooseStrategy(runs, request.question, request.maxCostUsd);
  const asked: Resolved<Request> = rest;
  if (choice.chosen === "adaptive") return { request: { ...asked, strategy: "adaptive" }, choice };
  if (choice.chosen === "council") return { request: { ...asked, strategy: "full" }, choice };
  if (choice.chosen === "panel-default") return { request: asked, choice };
  const known = services.roster.available.some((entry) => entry.name === choice.model);
  const { panel: _panel, secondaryModels: _secondaries, ...alone } = asked;
  const primaryModel = known ? choice.model : request.primaryModel;
  return {
    request: { ...(alone as Resolved<Request>), ...(primaryModel ? { primaryModel } : {}), maxOpinions: 0 },
    choice,
  };
}
