// Builds the record a panel stage takes, over the application's fake models (which record their calls)
// and the real model-call code: the plan, the fitted plan and the means of asking as the turn fixes
// them, and the opinions of a first round really asked. Each stage's test builds the record up to the
// stage it tests by hand, so the stage runs alone.

import type { RunOptions } from "../../../src/consultation/consultation-services.ts";
import type { Participant } from "../../../src/consultation/council/panel-opinions.ts";
import { panelMeans } from "../../../src/consultation/council/stages/panel-means.ts";
import type {
  OpenedPanel,
  PanelChoice,
  SettledPanel,
} from "../../../src/consultation/council/stages/panel-record.ts";
import { fitPanel, planPanel } from "../../../src/consultation/council/stages/plan.ts";
import type { ConsultationEvent } from "../../../src/contract/progress-events.ts";
import { consultationFixture } from "../../support/consultation-fixture.ts";

/** Three models of three vendors; the primary writes the synthesis. */
export const three: PanelChoice = { primaryModel: "alpha", secondaryModels: ["beta", "gamma"] };

export const question = "Which colour?";

/** A panel turn opened by hand (every participant asked at once), and what it told the caller. */
export function openedTurn(choice: PanelChoice = three, options: Partial<RunOptions> = {}) {
  const { models, services } = consultationFixture();
  const events: ConsultationEvent[] = [];
  const setup = planPanel(services, choice, { unpricedModels: "allow" });
  const fitted = fitPanel(setup, question, []);
  const run: RunOptions = {
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
    ...options,
  };
  const means = panelMeans(services, setup, question, [], fitted, run);
  const asked: Participant[] = [
    { entry: fitted.plan.primary, role: "primary" },
    ...fitted.plan.secondaries.map((entry) => ({ entry, role: "secondary" as const })),
  ];
  /** The turn with its calls made now (the fake models must be scripted first). */
  const open = (): OpenedPanel => ({
    setup,
    question,
    history: [],
    fitted,
    means,
    opening: { asked, early: new Map() },
    calls: asked.map((participant) => means.askOpinion(participant)),
  });
  return { models, services, events, setup, fitted, means, asked, open };
}

/** The turn once every participant answered, its opinions really asked, none late. */
export async function settledTurn(choice: PanelChoice = three, options: Partial<RunOptions> = {}) {
  const built = openedTurn(choice, options);
  /** Asks every participant (script the models first) and settles by hand. */
  const settle = async (): Promise<SettledPanel> => {
    const opened = built.open();
    const opinions = await Promise.all(opened.calls);
    return { ...opened, present: opened.opening.asked, opinions, late: [] };
  };
  return { ...built, settle };
}
