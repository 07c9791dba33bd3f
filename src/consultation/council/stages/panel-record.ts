// The one record a panel consultation's stages pass along (panel-asker.ts runs them in order): what the consultation
// was planned with, the means of asking fixed when it opens, and what each stage adds: the opinions
// in by the answer-by time, the debate's rounds, the review, the synthesis.

import type { ConsultationStrategy } from "../../../contract/consultation-strategies.ts";
import type {
  CouncilReview,
  DebateRound,
  ModelOpinion,
  SecondOpinion,
  Stance,
  Synthesis,
} from "../../../contract/opinions.ts";
import type { ReasoningLevel } from "../../../providers/model-entry.ts";
import type { HistoryMessage, LateOpinion } from "../../asking/asker.ts";
import type { Attachment } from "../../asking/attachments.ts";
import type { ContextTrim } from "../../asking/conversation-context.ts";
import type { CostPolicy, fitPlanToBudget } from "../../planning/cost-budget.ts";
import type { ConsultationPlan, ModelChoice } from "../../planning/model-selection.ts";
import type { Opening } from "../adaptive.ts";
import type { CouncilCalls } from "../debate.ts";
import type { HostAnswer } from "../host-answer.ts";
import type { Participant } from "../panel-opinions.ts";

/** What the council does beyond the opinions; every field is optional. */
export interface CouncilChoice {
  review?: boolean | undefined;
  stances?: Record<string, Stance> | undefined;
  rounds?: number | undefined;
  /** The reasoning of every call; absent: the panel's, else each model's own. */
  reasoning?: ReasoningLevel | undefined;
  /** Let the models search the web; absent: the panel's setting, else off. */
  webSearch?: boolean | undefined;
  /** Files for the models, checked (see attachments.ts). */
  attachments?: readonly Attachment[] | undefined;
  /** All at once, or two cheap models first (adaptive.ts); absent: the panel's, else all at once. */
  strategy?: ConsultationStrategy | undefined;
  /** The agreement at which an adaptive consultation's first two settle it; absent: the panel's, else the default. */
  adaptiveAgreement?: number | undefined;
  /** The calling agent's own answer, one more opinion of the council (host-answer.ts). */
  hostAnswer?: HostAnswer | undefined;
}

/** The models and council a caller asked for. */
export type PanelChoice = ModelChoice & CouncilChoice;

/** A panel as planned (stages/plan.ts), before any question. */
export interface PanelSetup {
  choice: PanelChoice;
  /** The models chosen, before they are fitted to the cost policy. */
  chosen: ConsultationPlan;
  cost: CostPolicy;
  stances: Record<string, Stance> | undefined;
  rounds: number;
  attachments: readonly Attachment[];
  webSearch: boolean;
  adaptive: boolean;
  /** The agreement at which an adaptive consultation's first two settle it. */
  threshold: number;
  /** The calling agent's answer as an opinion, when it gave one. */
  host: ModelOpinion | undefined;
}

/** The plan fitted to the cost policy for one question, and the prompt's estimated tokens. */
export type FittedPanel = ReturnType<typeof fitPlanToBudget> & { promptTokens: number };

/** What the council did, for the synthesis and the answer. */
export type CouncilRecord = Pick<SecondOpinion, "stances" | "rounds" | "review">;

/** The means of asking of one consultation, fixed when it opens (stages/panel-means.ts). */
export interface PanelMeans extends CouncilCalls {
  askOpinion: (participant: Participant) => Promise<ModelOpinion>;
  /** The opinions of `calls` in by the answer-by time (undefined for those still running). */
  settle: (calls: readonly Promise<ModelOpinion>[]) => Promise<(ModelOpinion | undefined)[]>;
  synthesisOf: (
    opinions: readonly ModelOpinion[],
    council: CouncilRecord,
    pendingModels: string[],
  ) => Promise<Synthesis>;
  /** Each model's context trim, filled as the opinions are asked. */
  trims: Record<string, ContextTrim>;
  /** Milliseconds since the consultation opened. */
  elapsed: () => number;
  /** The answer is given: later progress is not the caller's, and `running` goes on after it. */
  answered: (running: Promise<unknown>) => void;
}

/** A panel once opened (stages/open.ts): the calls it made, in the order of `opening.asked`. */
export interface OpenedPanel {
  setup: PanelSetup;
  question: string;
  history: readonly HistoryMessage[];
  fitted: FittedPanel;
  means: PanelMeans;
  opening: Opening<Participant>;
  calls: Promise<ModelOpinion>[];
}

/** Once the answer-by time passed (stages/settle.ts): who answered, their opinions, who runs on. */
export interface SettledPanel extends OpenedPanel {
  /** The participants that answered in time, in the order asked. */
  present: Participant[];
  /** Their latest opinions (after a debate, their final ones). */
  opinions: ModelOpinion[];
  late: LateOpinion[];
}

/** Once debated, reviewed and synthesised: each part present only when it happened. */
export interface CouncilledPanel extends SettledPanel {
  /** Every debate round, when there was more than one. */
  rounds?: DebateRound[];
  review?: CouncilReview;
  synthesis?: Synthesis;
}

/** What the council did, as the synthesis and the answer show it. */
export function councilOf(panel: CouncilledPanel): CouncilRecord {
  const { stances } = panel.setup;
  return {
    ...(stances ? { stances } : {}),
    ...(panel.rounds ? { rounds: panel.rounds } : {}),
    ...(panel.review ? { review: panel.review } : {}),
  };
}

/** The models still running when the answer was due. */
export function pendingOf(panel: SettledPanel): string[] {
  return panel.late.map((running) => running.model);
}
