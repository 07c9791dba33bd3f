// What a new evaluation run asks, worked out and checked before anything is paid for: its questions
// (the built-in set or a file, filtered by tag and cut to a limit), its panel (named, listed, or the
// default consultation's models) and the second-opinion input that consults it, the best single model
// when named, the judges (every one outside the panel), the strategies (best-single, the baseline, always
// among them), and the digest of all that by which a later run with the same settings resumes this one.

import { createHash } from "node:crypto";
import { basename, resolve } from "node:path";
import { type ConsultationServices, planConsultation } from "../../consultation/index.ts";
import {
  type EvaluationRunInput,
  type EvaluationStrategy,
  evaluationStrategies,
} from "../../contract/evaluation.ts";
import type { SecondOpinionInput } from "../../contract/inputs.ts";
import { secondOpinionInput } from "../../contract/inputs.ts";
import { ServiceError } from "../../contract/service-error.ts";
import { builtInQuestionSet, builtInSource } from "../../evaluation/questions/built-in/built-in.ts";
import { loadQuestionSet, type QuestionSet } from "../../evaluation/questions/load-question-set.ts";
import type { Question } from "../../evaluation/questions/question.ts";
import { QuestionSetError } from "../../evaluation/questions/question-set-error.ts";

/** How many times sampled-single asks the best model unless told. */
export const defaultSamples = 3;

/** Whether this version's second-opinion input takes `strategy` (adaptive consultation). */
export const consultationTakesStrategy = "strategy" in secondOpinionInput.shape;

/** The settings a run is asked with and resumed with. */
export interface RunSettings {
  /** "built-in", or the question file's absolute path. */
  source: string;
  format?: EvaluationRunInput["format"];
  limit?: number;
  tags?: string[];
  /** The named best single model; absent: found by the first pass. */
  model?: string;
  panel: string[];
  /** The second-opinion input that consults the panel, without the question. */
  councilInput: Omit<SecondOpinionInput, "question">;
  samples: number;
  judges: string[];
  strategies: EvaluationStrategy[];
}

/** A new run, ready to store. */
export interface RunSetup {
  settings: RunSettings;
  settingsKey: string;
  /** The question set's name for the report: "built-in" or the file's name. */
  questionSetName: string;
  questions: Question[];
}

/** Works out and checks the run `request` asks for; throws invalid_argument or unknown_model naming the fix. */
export async function prepareRun(
  request: EvaluationRunInput,
  services: Pick<ConsultationServices, "roster" | "defaults">,
): Promise<RunSetup> {
  const available = services.roster.available.map((entry) => entry.name);
  const known = (model: string, role: string) => {
    if (!available.includes(model)) {
      throw new ServiceError(
        "unknown_model",
        `The ${role} "${model}" is not an available model. Available: ${available.join(", ") || "none"} (ai-universe models says why the others are not).`,
      );
    }
  };
  const { panel, councilInput } = panelOf(request, services, known);
  if (request.model) known(request.model, "best single model (--model)");
  const judges = [...new Set(request.judges ?? [])];
  for (const judge of judges) {
    known(judge, "judge");
    if (panel.includes(judge) || judge === request.model) {
      throw new ServiceError(
        "invalid_argument",
        `The judge "${judge}" is on the panel (${panel.join(", ")}): a judge must not judge its own answers. Name a judge outside the panel.`,
      );
    }
  }
  const strategies = strategiesOf(request.strategies);
  const source =
    request.questions === undefined || request.questions === builtInSource
      ? builtInSource
      : resolve(request.questions);
  const set = await questionsFrom(source, request.format);
  const tags = request.tags ?? [];
  const tagged =
    tags.length > 0
      ? set.questions.filter((question) => question.tags.some((tag) => tags.includes(tag)))
      : set.questions;
  const questions = tagged.slice(0, request.limit ?? tagged.length);
  if (questions.length === 0) {
    throw new ServiceError(
      "invalid_argument",
      `No question of ${set.source} is left to ask${tags.length > 0 ? ` with the tag ${tags.join(" or ")}` : ""}: name other tags, or another question file.`,
    );
  }
  const unreferenced = questions.filter((question) => question.answer === undefined).length;
  if (unreferenced > 0 && judges.length === 0) {
    throw new ServiceError(
      "invalid_argument",
      `${unreferenced} of the ${questions.length} questions have no reference answer, so their answers are judged in pairs: name a judge model outside the panel with --judge MODEL, or leave those questions out (--tag).`,
    );
  }
  if (!request.model && unreferenced === questions.length) {
    throw new ServiceError(
      "invalid_argument",
      "No question has a reference answer, so a first pass cannot find the best single model: name it with --model MODEL.",
    );
  }
  const settings: RunSettings = {
    source,
    ...(request.format ? { format: request.format } : {}),
    ...(request.limit !== undefined ? { limit: request.limit } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(request.model ? { model: request.model } : {}),
    panel,
    councilInput,
    samples: request.samples ?? defaultSamples,
    judges,
    strategies,
  };
  const digest = createHash("sha256")
    .update(JSON.stringify({ ...settings, questions: questions.map((question) => question.id) }))
    .digest("hex");
  return {
    settings,
    settingsKey: digest,
    questionSetName: source === builtInSource ? builtInSource : basename(source),
    questions,
  };
}

/** The panel's models and the input that consults it: --models, --panel, or the defaults. */
function panelOf(
  request: EvaluationRunInput,
  services: Pick<ConsultationServices, "roster" | "defaults">,
  known: (model: string, role: string) => void,
): { panel: string[]; councilInput: Omit<SecondOpinionInput, "question"> } {
  if (request.models && request.panel) {
    throw new ServiceError(
      "invalid_argument",
      "Give the panel as --panel NAME or as --models a,b,c, not both.",
    );
  }
  if (request.models) {
    const models = [...new Set(request.models)];
    for (const model of models) known(model, "panel model");
    if (models.length < 2) {
      throw new ServiceError(
        "invalid_argument",
        "A panel needs at least two different models (--models a,b).",
      );
    }
    const [primaryModel, ...secondaryModels] = models as [string, ...string[]];
    return {
      panel: models,
      councilInput: { primaryModel, secondaryModels, maxOpinions: secondaryModels.length },
    };
  }
  const plan = planConsultation(
    request.panel ? { panel: request.panel } : {},
    services.roster,
    services.defaults,
  );
  const panel = [plan.primary, ...plan.secondaries].map((entry) => entry.name);
  if (panel.length < 2) {
    throw new ServiceError(
      "invalid_argument",
      `The panel has one model (${panel.join("")}), so there is no council to compare: name at least two models with --models a,b, or a panel with --panel NAME.`,
    );
  }
  return {
    panel,
    councilInput: request.panel
      ? { panel: request.panel }
      : { primaryModel: panel[0], secondaryModels: panel.slice(1), maxOpinions: panel.length - 1 },
  };
}

/** The strategies asked for in report order, best-single (the baseline) always among them. */
function strategiesOf(asked: readonly EvaluationStrategy[] | undefined): EvaluationStrategy[] {
  if (asked?.includes("adaptive") && !consultationTakesStrategy) {
    throw new ServiceError(
      "invalid_argument",
      "This version has no adaptive consultation: leave adaptive out of --strategies.",
    );
  }
  const wanted = new Set<EvaluationStrategy>(
    asked ?? evaluationStrategies.filter((strategy) => strategy !== "adaptive" || consultationTakesStrategy),
  );
  wanted.add("best-single");
  return evaluationStrategies.filter((strategy) => wanted.has(strategy));
}

/** The question set at `source`; a file that is not one is invalid_argument listing each bad line. */
async function questionsFrom(source: string, format: EvaluationRunInput["format"]): Promise<QuestionSet> {
  if (source === builtInSource) return builtInQuestionSet();
  try {
    return await loadQuestionSet(source, format ? { format } : {});
  } catch (error) {
    if (error instanceof QuestionSetError) throw new ServiceError("invalid_argument", error.message);
    throw error;
  }
}
