// The engine's one face: everything outside src/consultation/ uses the engine through this file
// (test/architecture/engine-face.test.ts). `consult` asks the models over the history it is given and
// returns what they made; it holds no store: reading the conversation and recording the consultation are the
// application's (application/consultations/).

export type { AskedAnswer, ConsultationEstimate, HistoryMessage, LateOpinion } from "./asking/asker.ts";
export { type Attachment, checkAttachments } from "./asking/attachments.ts";
export { type Consultation, consult, estimate } from "./consult.ts";
export type { ConsultationServices, LatencyTracker, RunOptions } from "./consultation-services.ts";
export { synthesisSchema } from "./council/assessment.ts";
export { familyOf } from "./council/model-families.ts";
export { pendingNote } from "./council/stages/assemble.ts";
export { askAlone, synthesiseAlone } from "./lone-calls.ts";
export type { CostPolicy } from "./planning/cost-budget.ts";
export { planConsultation } from "./planning/model-selection.ts";
