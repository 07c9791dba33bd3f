// The opinions of a panel consultation: each participant asked with only the question, the conversation so far
// (trimmed to its window), the files it can read and, when asked, the side it argues; hedged when the
// panel says so. An adaptive consultation asks some participants first and the others later, through the same
// asker, so every opinion is asked the same way whenever it is asked.

import type { ModelOpinion, Stance } from "../../contract/opinions.ts";
import type { ConsultationEvent } from "../../contract/progress-events.ts";
import type { ModelEntry, ReasoningLevel } from "../../providers/model-entry.ts";
import type { HistoryMessage } from "../asking/asker.ts";
import { type Attachment, questionContent } from "../asking/attachments.ts";
import { buildContext, type ContextTrim } from "../asking/conversation-context.ts";
import type { ConsultationServices } from "../consultation-services.ts";
import { askModel } from "../model-call/ask-model.ts";
import type { Hedge } from "../model-call/hedged-call.ts";
import type { CallPolicy } from "../model-call/retried-call.ts";
import type { ConsultationPlan } from "../planning/model-selection.ts";
import { stanceInstruction } from "./debate.ts";

/** Instructions for every opinion: independent, direct, honest about uncertainty. */
export const opinionInstructions = [
  "You are one of several independent experts asked for an opinion on the user's question.",
  "Answer directly and completely. Be concrete, state your assumptions, and say where you are uncertain.",
  "When you rely on sources, name them.",
].join("\n");

/** One model of a panel consultation and its role. */
export interface Participant {
  entry: ModelEntry;
  role: "primary" | "secondary";
}

/** What every opinion of a consultation shares. */
export interface OpinionSettings {
  question: string;
  history: readonly HistoryMessage[];
  plan: ConsultationPlan;
  stances: Record<string, Stance> | undefined;
  attachments: readonly Attachment[];
  features: (entry: ModelEntry) => { reasoning: ReasoningLevel | undefined; webSearch: boolean };
  stream: boolean;
  policy: CallPolicy;
  onEvent: (event: ConsultationEvent) => void;
  /** Filled with each model's context trim, for a follow-up. */
  trims: Record<string, ContextTrim>;
}

/** Asks one participant for its opinion (see the file's header); throws only when cancelled. */
export function opinionAsker(
  services: Pick<ConsultationServices, "createModel" | "latencies" | "roster">,
  settings: OpinionSettings,
): (participant: Participant) => Promise<ModelOpinion> {
  const { question, history, plan, stances, attachments, trims } = settings;
  const hedgeFor = (entry: ModelEntry): Hedge | undefined => {
    const setting = plan.hedge;
    const afterMs = setting?.after === "p95" ? services.latencies?.p95(entry.name) : setting?.after;
    if (!setting || afterMs === undefined) return undefined;
    const backupName = setting.equivalents[entry.name];
    const backup = backupName
      ? services.roster.available.find((available) => available.name === backupName)
      : entry;
    return backup ? { afterMs, backup, backupModel: services.createModel(backup) } : undefined;
  };
  return ({ entry, role }) => {
    const stance = stances?.[entry.name];
    const instructions = stance
      ? `${opinionInstructions}\n${stanceInstruction(stance)}`
      : opinionInstructions;
    const context = buildContext(history, question, instructions, entry.contextWindow);
    if (history.length > 0) trims[entry.name] = context.trim;
    const { content, unseen } = questionContent(question, attachments, entry);
    const messages = [...context.messages.slice(0, -1), { role: "user" as const, content }];
    return askModel(
      {
        entry,
        role,
        instructions,
        messages,
        stream: settings.stream,
        hedge: hedgeFor(entry),
        features: settings.features(entry),
        unseenAttachments: unseen,
      },
      services,
      settings.policy,
      settings.onEvent,
    );
  };
}
