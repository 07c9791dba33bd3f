// The engine's one face: everything the application and the evaluation use of the engine is exported
// here, and src/application/ imports the engine only from here (test/architecture/engine-face.test.ts).
// `consult` asks the models and stores nothing; recording a turn is the application's next step, with
// `readTurnContext` (the conversation it continues), `recordTurn` (the atomic write) and
// `storeLateOpinions` (the models still running at the answer-by time, stored as they land).

export {
  type Consultation,
  type ConsultRequest,
  consult,
  estimateTurn,
  type MessageConsultation,
  type PanelConsultation,
} from "./consult.ts";
export type { ConsultationServices, RunOptions } from "./consultation-services.ts";
export { familyOf, type ModelFamily } from "./council/model-families.ts";
export { readStoredSecondOpinion } from "./council/panel-strategy.ts";
export type { CouncilChoice, PanelChoice } from "./council/stages/panel-turn.ts";
export {
  askAlone,
  type LoneQuestion,
  loneQuestionWorstCase,
  loneSynthesisWorstCase,
  modelEntry,
  synthesiseAlone,
} from "./lone-calls.ts";
export { type LatencyTracker, latencyTracker } from "./model-call/latency-tracker.ts";
export type { CostPolicy } from "./planning/cost-budget.ts";
export { planConsultation } from "./planning/model-selection.ts";
export { type Attachment, checkAttachments } from "./turn/attachments.ts";
export { findConversation } from "./turn/find-conversation.ts";
export { type LateOpinion, lateOpinionChannel, storeLateOpinions } from "./turn/late-opinions.ts";
export { messageResult } from "./turn/message-result.ts";
export { type IdempotencyStamp, recordTurn, type StoredTurn, type TurnOutcome } from "./turn/record-turn.ts";
export { secondOpinionResult } from "./turn/second-opinion-result.ts";
export { readStoredReply } from "./turn/single-model-strategy.ts";
export {
  readTurnContext,
  replayTurn,
  type TurnAnswer,
  type TurnEstimate,
  type TurnRequest,
} from "./turn/turn-pipeline.ts";
