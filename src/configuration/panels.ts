// Named panels: a set of models, its primary, synthesis model, number of opinions, hedging and strategy
// (all at once, or adaptive), chosen with `panel: "<name>"`. The built-in panels come from the
// catalog; the config file's `panels` section adds panels or replaces a built-in one of the same name.

import { z } from "zod";
import { type ConsultationStrategy, consultationStrategies } from "../contract/consultation-strategies.ts";
import { type ModelEntry, type ReasoningLevel, reasoningLevels } from "../providers/model-entry.ts";
import { ConfigurationError } from "./configuration-error.ts";

/** Lowercase words joined by hyphens, e.g. `deep` or `code-review`. */
export const panelNamePattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Most secondaries a panel may have: the `maxOpinions` limit. */
const maxSecondaries = 8;

const modelName = z.string().min(1);

const hedgeAfter = z.union([z.literal("p95"), z.number().int().min(1).max(600_000)], {
  error: 'must be "p95" or a whole number of milliseconds from 1 to 600000',
});

/** One panel in the config file. */
export const panelSchema = z
  .object({
    models: z
      .array(modelName)
      .min(1)
      .max(maxSecondaries + 1),
    primary: modelName.optional(),
    synthesisModel: modelName.optional(),
    maxOpinions: z.number().int().min(0).max(maxSecondaries).optional(),
    hedge: z
      .union(
        [
          z.boolean(),
          z
            .object({ after: hedgeAfter.optional(), equivalents: z.record(modelName, modelName).optional() })
            .strict(),
        ],
        { error: 'must be true, false or an object with "after" and "equivalents"' },
      )
      .optional(),
    description: z.string().min(1).max(300).optional(),
    reasoning: z.enum(reasoningLevels).optional(),
    webSearch: z.boolean().optional(),
    strategy: z.enum(consultationStrategies).optional(),
    adaptiveAgreement: z.number().min(0).max(1).optional(),
  })
  .strict();

type PanelSettings = z.infer<typeof panelSchema>;

/** When and where a slow call is hedged: a second request to an equivalent model. */
export interface PanelHedge {
  /** Send the hedge after this many milliseconds, or when the call passes the model's observed p95. */
  after: "p95" | number;
  /** For a model, the model a hedged request goes to (absent: the same model again). */
  equivalents: Record<string, string>;
}

/** A resolved panel; every model name in it is a known model (available or not). */
export interface Panel {
  name: string;
  description?: string;
  /** The panel's models as configured; the primary is asked even when it is not among them. */
  models: string[];
  primary: string;
  /** Writes the synthesis; absent: the primary. */
  synthesisModel?: string;
  /** Secondary opinions to ask; absent: every model of the panel. */
  maxOpinions?: number;
  /** Absent when hedging is off (the default). */
  hedge?: PanelHedge;
  /** The reasoning of the panel's calls, unless the caller sets one. */
  reasoning?: ReasoningLevel;
  /** Whether the panel's models search the web, unless the caller says. */
  webSearch?: boolean;
  /** How the panel asks its models unless the caller says: all at once (absent) or adaptive. */
  strategy?: ConsultationStrategy;
  /** The agreement score at which an adaptive consultation's first two models settle it. */
  adaptiveAgreement?: number;
}

/** Every model a panel asks or writes with: the primary, the others, then the synthesis model. */
export function panelMembers(panel: Panel): string[] {
  return [
    ...new Set([panel.primary, ...panel.models, ...(panel.synthesisModel ? [panel.synthesisModel] : [])]),
  ];
}

/** The built-in panels, over `models` (the catalog merged with the config file). */
export function builtInPanels(models: readonly ModelEntry[]): Panel[] {
  const panels: Panel[] = [
    {
      name: "fast",
      description:
        "Cheap, quick models from four vendors, thinking little: answers in seconds, for a few cents.",
      models: ["cerebras", "gemini-flash", "gpt-mini", "claude-haiku"],
      primary: "cerebras",
      reasoning: "low",
    },
    {
      name: "deep",
      description:
        "The strongest model of each vendor, thinking hard, for decisions worth the wait and the cost.",
      models: ["claude", "openai", "gemini", "grok"],
      primary: "claude",
      reasoning: "high",
    },
    {
      name: "research",
      description: "Models that search the web with their vendor's own search and cite their sources.",
      models: ["perplexity", "claude", "openai", "gemini"],
      primary: "perplexity",
      webSearch: true,
    },
  ];
  const known = new Set(models.map((entry) => entry.name));
  return panels.filter((panel) => panel.models.every((name) => known.has(name)));
}

/**
 * The running panels: the built-in ones, with the config file's added or replacing those of the same
 * name. Throws ConfigurationError naming `path`, each field and the problem when a panel names a model
 * that is not known at all (a known model without its key is fine: the panel reports it unavailable).
 */
export function resolvePanels(
  configured: Record<string, PanelSettings> | undefined,
  models: readonly ModelEntry[],
  path: string,
): Panel[] {
  const known = new Set(models.map((entry) => entry.name));
  const problems: string[] = [];
  const byName = new Map(builtInPanels(models).map((panel) => [panel.name, panel]));
  for (const [name, settings] of Object.entries(configured ?? {})) {
    const field = `panels.${name}`;
    const references = new Map(settings.models.map((model, index) => [`${field}.models.${index}`, model]));
    if (settings.primary) references.set(`${field}.primary`, settings.primary);
    if (settings.synthesisModel) references.set(`${field}.synthesisModel`, settings.synthesisModel);
    const equivalents = typeof settings.hedge === "object" ? (settings.hedge.equivalents ?? {}) : {};
    for (const [model, other] of Object.entries(equivalents)) {
      references.set(`${field}.hedge.equivalents.${model}`, other);
      if (model !== settings.primary && !settings.models.includes(model)) {
        problems.push(`  - ${field}.hedge.equivalents.${model}: "${model}" is not one of the panel's models`);
      }
    }
    for (const [reference, model] of references) {
      if (!known.has(model)) {
        problems.push(`  - ${reference}: unknown model "${model}" (known: ${[...known].join(", ")})`);
      }
    }
    const panel = panelOf(name, settings);
    if (new Set([panel.primary, ...panel.models]).size > maxSecondaries + 1) {
      problems.push(`  - ${field}.models: at most ${maxSecondaries} models besides the primary`);
    }
    byName.set(name, panel);
  }
  if (problems.length > 0) {
    throw new ConfigurationError(`Config file ${path} is invalid:\n${problems.join("\n")}`);
  }
  return [...byName.values()];
}

function panelOf(name: string, settings: PanelSettings): Panel {
  const models = [...new Set(settings.models)];
  const hedge = settings.hedge;
  return {
    name,
    ...(settings.description ? { description: settings.description } : {}),
    models,
    primary: settings.primary ?? models[0] ?? "",
    ...(settings.synthesisModel ? { synthesisModel: settings.synthesisModel } : {}),
    ...(settings.maxOpinions !== undefined ? { maxOpinions: settings.maxOpinions } : {}),
    ...(settings.reasoning ? { reasoning: settings.reasoning } : {}),
    ...(settings.webSearch !== undefined ? { webSearch: settings.webSearch } : {}),
    ...(settings.strategy ? { strategy: settings.strategy } : {}),
    ...(settings.adaptiveAgreement !== undefined ? { adaptiveAgreement: settings.adaptiveAgreement } : {}),
    ...(hedge
      ? {
          hedge: {
            after: (hedge === true ? undefined : hedge.after) ?? "p95",
            equivalents: hedge === true ? {} : { ...hedge.equivalents },
          },
        }
      : {}),
  };
}
