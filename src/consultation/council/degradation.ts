// Honest degradation: who of the panel gave no opinion and why (failed, timed out, still answering),
// told to the synthesis model and said first in its assessment. A verdict from a panel that lost half
// or more of its models, or every model of a family, is withheld: its decision becomes unsure, with
// what the models that answered decided kept beside it. The names the synthesis model writes in votes,
// dissent and positions are matched to the models that took part (Markdown stripped, any case); a name
// matching none is dropped and counted, never shown.

import type { Assessment, ModelOpinion } from "../../contract/opinions.ts";
import { groupByFamily, type ModelFamily } from "./model-families.ts";
import { participantName } from "./participant-names.ts";

/** What the assessment says of a panel that did not all answer. */
export type Degradation = NonNullable<Assessment["degraded"]>;

/** A failure's cause as describe-failure.ts words a deadline that ran out. */
const timedOutPattern = /did not answer within its deadline/;

/**
 * The degradation of a panel whose `opinions` came in (failures among them) while `pendingModels` were
 * still answering; undefined when every model answered. `families` maps each model to its family.
 */
export function degradationOf(
  opinions: readonly ModelOpinion[],
  pendingModels: readonly string[],
  families: ReadonlyMap<string, ModelFamily>,
): Degradation | undefined {
  const missing: Degradation["missing"] = [
    ...opinions
      .filter((opinion) => opinion.error)
      .map((opinion) => ({
        model: opinion.model,
        why: timedOutPattern.test(opinion.response) ? ("timed-out" as const) : ("failed" as const),
        ...(opinion.errorStatus !== undefined ? { errorStatus: opinion.errorStatus } : {}),
        ...(opinion.errorCode ? { errorCode: opinion.errorCode } : {}),
      })),
    ...pendingModels.map((model) => ({ model, why: "late" as const })),
  ];
  if (missing.length === 0) return undefined;
  const panel = [...new Set([...opinions.map((opinion) => opinion.model), ...pendingModels])];
  const absent = new Set(missing.map((entry) => entry.model));
  const lostFamilies = groupByFamily(panel, families)
    .filter((group) => group.models.every((model) => absent.has(model)))
    .map((group) => group.family.name);
  const verdictWithheld = missing.length * 2 >= panel.length || lostFamilies.length > 0;
  const causes = missing.map((entry) => `${entry.model} ${whyText(entry)}`).join(", ");
  const lost = lostFamilies.length > 0 ? `; no ${lostFamilies.join(" or ")} model answered` : "";
  return {
    missing,
    panelSize: panel.length,
    lostFamilies,
    verdictWithheld,
    note: `${missing.length} of ${panel.length} models missing: ${causes}${lost}.${verdictWithheld ? " Too much of the panel is missing for a plain go or block." : ""}`,
  };
}

/** Why one model is missing, in a few words. */
function whyText(entry: Degradation["missing"][number]): string {
  if (entry.why === "timed-out") return "timed out";
  if (entry.why === "late") return "had not answered when the answer was due";
  const code = entry.errorCode ?? (entry.errorStatus !== undefined ? `HTTP ${entry.errorStatus}` : "");
  return code ? `failed (${code})` : "failed";
}

/** The prompt section telling the synthesis model who is missing and why (empty when nobody is). */
export function missingSection(degradation: Degradation | undefined): string {
  if (!degradation) return "";
  return `## Not heard from\n\n${degradation.note} Begin the synthesis by saying plainly which models it does not include and why, so it is not read as the whole panel's view. Name only the models whose opinions are above, in votes, dissent and positions.`;
}

/**
 * `assessment` made honest: the degradation said first, the verdict withheld when too much of the panel
 * is missing, and every model name in votes, dissent and positions matched to `participants` (the
 * models whose opinions were synthesised) or dropped and counted.
 */
export function honestAssessment(
  assessment: Assessment,
  participants: readonly Pick<ModelOpinion, "model" | "modelDisplayName">[],
  degradation: Degradation | undefined,
): Assessment {
  let dropped = 0;
  const names = (labels: readonly string[]) => {
    const kept: string[] = [];
    for (const label of labels) {
      const model = participantName(label, participants);
      if (model === undefined) dropped += 1;
      else if (!kept.includes(model)) kept.push(model);
    }
    return kept;
  };
  const { verdict, positions, degraded: _degraded, droppedNames: _dropped, ...rest } = assessment;
  const dissent = rest.dissent.map((item) => ({ ...item, models: names(item.models) }));
  const honestPositions = positions?.map((position) => ({ ...position, models: names(position.models) }));
  const voters = new Set<string>();
  const votes = verdict?.votes.flatMap((entry) => {
    const [model] = names([entry.model]);
    if (model === undefined || voters.has(model)) return [];
    voters.add(model);
    return [{ model, vote: entry.vote }];
  });
  const withheld = degradation?.verdictWithheld === true && verdict && verdict.decision !== "unsure";
  return {
    ...(degradation ? { degraded: degradation } : {}),
    ...rest,
    dissent,
    ...(verdict
      ? {
          verdict: {
            ...verdict,
            votes: votes ?? [],
            ...(withheld ? { decision: "unsure" as const, degradedFrom: verdict.decision } : {}),
          },
        }
      : {}),
    ...(honestPositions ? { positions: honestPositions } : {}),
    ...(dropped > 0 ? { droppedNames: dropped } : {}),
  };
}
