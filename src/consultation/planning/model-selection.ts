// Chooses the primary, the secondaries and the synthesis candidates of a consultation (from the
// caller's arguments, a named panel, or the defaults), and refuses unknown or unavailable models and
// unknown panels before any provider is called.

import type { ConsultationDefaults } from "../../configuration/configuration.ts";
import type { Panel } from "../../configuration/panels.ts";
import { limits } from "../../contract/limits.ts";
import { ServiceError } from "../../contract/service-error.ts";
import type { ModelEntry } from "../../providers/model-entry.ts";
import type { ModelRoster } from "../../providers/model-roster.ts";

/**
 * What the caller asked for; every field is optional. With `panel`, the panel's models, synthesis
 * model and maxOpinions are used where the caller gives none, and the defaults are not consulted.
 */
export interface ModelChoice {
  panel?: string;
  primaryModel?: string;
  secondaryModels?: string[];
  maxOpinions?: number;
  synthesisModel?: string;
}

/**
 * The models of one consultation. `synthesis` is empty when no synthesis is wanted. The chosen panel's
 * hedging (undefined when off), reasoning, web search and strategy come with it; the caller's own
 * settings override them.
 */
export interface ConsultationPlan
  extends Pick<Panel, "hedge" | "reasoning" | "webSearch" | "strategy" | "adaptiveAgreement"> {
  primary: ModelEntry;
  secondaries: ModelEntry[];
  /** In order of preference: the first that succeeds writes the synthesis. */
  synthesis: ModelEntry[];
}

/** Plans a consultation. Throws ConsultationError (unknown_model, invalid_argument). */
export function planConsultation(
  choice: ModelChoice,
  roster: ModelRoster,
  defaults: ConsultationDefaults,
): ConsultationPlan {
  if (choice.panel !== undefined) {
    const panel = findPanel(choice.panel, defaults);
    const plan = planConsultation(
      panelChoice(panel, choice),
      roster,
      // The panel decides what the defaults would: its synthesis model, else its primary.
      { ...defaults, primary: undefined, secondaries: undefined, synthesis: undefined },
    );
    return {
      ...plan,
      ...(panel.hedge ? { hedge: panel.hedge } : {}),
      ...(panel.reasoning ? { reasoning: panel.reasoning } : {}),
      ...(panel.webSearch !== undefined ? { webSearch: panel.webSearch } : {}),
      ...(panel.strategy ? { strategy: panel.strategy } : {}),
      ...(panel.adaptiveAgreement !== undefined ? { adaptiveAgreement: panel.adaptiveAgreement } : {}),
    };
  }
  const resolve = resolver(roster);
  const maxOpinions = choice.maxOpinions ?? defaults.maxOpinions;
  if (!Number.isInteger(maxOpinions) || maxOpinions < 0 || maxOpinions > limits.maxOpinions) {
    throw new ServiceError(
      "invalid_argument",
      `maxOpinions must be a whole number from 0 to ${limits.maxOpinions}.`,
    );
  }
  const defaultPrimary =
    defaults.primary && isAvailable(roster, defaults.primary) ? defaults.primary : undefined;
  const primaryName = choice.primaryModel ?? defaultPrimary;
  const primary = primaryName ? resolve(primaryName) : roster.available[0];
  if (!primary)
    throw new ServiceError("unknown_model", "No model is available. Run `ai-universe models` to see why.");

  let secondaries: ModelEntry[];
  if (maxOpinions === 0) secondaries = [];
  else if (choice.secondaryModels && choice.secondaryModels.length > 0) {
    const chosen = unique(choice.secondaryModels.map(resolve)).filter((entry) => entry.name !== primary.name);
    secondaries = chosen.slice(0, choice.maxOpinions ?? limits.maxOpinions);
  } else {
    const preferred = (defaults.secondaries ?? []).filter((name) => isAvailable(roster, name));
    secondaries = defaultSecondaries(primary, preferred.map(resolve), roster.available).slice(0, maxOpinions);
  }

  const synthesis: ModelEntry[] = [];
  if (maxOpinions > 0) {
    const requested = choice.synthesisModel ? resolve(choice.synthesisModel) : undefined;
    const configured =
      defaults.synthesis && isAvailable(roster, defaults.synthesis) ? resolve(defaults.synthesis) : undefined;
    const candidates = [requested ?? configured ?? primary, primary, ...secondaries, ...roster.available];
    synthesis.push(...unique(candidates.filter((entry): entry is ModelEntry => entry !== undefined)));
  }
  return { primary, secondaries, synthesis };
}

/** The panel named `name`; throws invalid_argument naming the known panels. */
function findPanel(name: string, defaults: ConsultationDefaults): Panel {
  const panels = defaults.panels ?? [];
  const panel = panels.find((known) => known.name === name);
  if (panel) return panel;
  const names = panels.map((known) => known.name);
  throw new ServiceError(
    "invalid_argument",
    `Unknown panel "${name}". Panels: ${names.join(", ") || "none"}.`,
    { panel: name, panels: names },
  );
}

/**
 * The caller's choice completed from `panel`: each argument the caller gave wins. The panel's
 * secondaries are all its models but the primary (so with the caller's primaryModel, the panel's own
 * primary is one of them), as many as the panel's maxOpinions; secondaryModels the caller gives are
 * all asked unless the caller's maxOpinions is smaller.
 */
function panelChoice(panel: Panel, choice: ModelChoice): ModelChoice {
  const primaryModel = choice.primaryModel ?? panel.primary;
  const own = !choice.secondaryModels || choice.secondaryModels.length === 0;
  const secondaryModels = own
    ? [...new Set([panel.primary, ...panel.models])].filter((name) => name !== primaryModel)
    : (choice.secondaryModels ?? []);
  const asked = Math.min(secondaryModels.length, limits.maxOpinions);
  return {
    primaryModel,
    secondaryModels,
    maxOpinions: choice.maxOpinions ?? (own ? (panel.maxOpinions ?? asked) : asked),
    synthesisModel: choice.synthesisModel ?? panel.synthesisModel,
  };
}

/** Others than the primary: configured preferences first, then one per other vendor, then the rest. */
function defaultSecondaries(
  primary: ModelEntry,
  preferred: ModelEntry[],
  available: ModelEntry[],
): ModelEntry[] {
  const chosen = preferred.filter((entry) => entry.name !== primary.name);
  const others = available.filter((entry) => entry.name !== primary.name);
  const vendors = new Set([primary.provider, ...chosen.map((entry) => entry.provider)]);
  const diverse: ModelEntry[] = [];
  for (const entry of others) {
    if (vendors.has(entry.provider)) continue;
    vendors.add(entry.provider);
    diverse.push(entry);
  }
  return unique([...chosen, ...diverse, ...others]);
}

function resolver(roster: ModelRoster): (name: string) => ModelEntry {
  return (name) => {
    const available = roster.available.find((entry) => entry.name === name);
    if (available) return available;
    const names = roster.available.map((entry) => entry.name).join(", ") || "none";
    const known = roster.statuses.find((status) => status.entry.name === name);
    if (known) {
      throw new ServiceError(
        "unknown_model",
        `Model "${name}" is not available (${known.reason ?? "not configured"}). Available models: ${names}.`,
        { model: name, available: roster.available.map((entry) => entry.name) },
      );
    }
    throw new ServiceError("unknown_model", `Unknown model "${name}". Available models: ${names}.`, {
      model: name,
      available: roster.available.map((entry) => entry.name),
    });
  };
}

function isAvailable(roster: ModelRoster, name: string): boolean {
  return roster.available.some((entry) => entry.name === name);
}

function unique(entries: ModelEntry[]): ModelEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.name) && seen.add(entry.name));
}
