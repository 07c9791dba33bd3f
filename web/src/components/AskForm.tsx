// The question box with its files, web search and reasoning, the model picker (a named panel, and the
// available models with their price and abilities, deprecated ones marked, and the prices' date), an
// optional cost cap, and the council's controls (review, debate rounds, adaptive, sides); Ctrl+Enter or
// the button sends it.

import { useState } from "react";
import type { PageModel, PanelDescription, PriceDataInfo } from "../api.ts";
import type { ChosenFile } from "../attachments.ts";
import type { AskRequest } from "../consultation-input.ts";
import { type AnswerChoice, AnswerSettings, defaultAnswer } from "./AnswerSettings.tsx";
import { AttachmentPicker } from "./AttachmentPicker.tsx";
import { type CouncilChoice, CouncilControls, noCouncil } from "./CouncilControls.tsx";
import { type ModelChoice, ModelPicker } from "./ModelPicker.tsx";
import { QuestionBox } from "./QuestionBox.tsx";

/** The models a consultation will ask: the chosen ones with the panel's primary, or the panel's. */
function askedModels(chosen: string[], panel: PanelDescription | undefined): string[] {
  if (!panel) return chosen;
  const secondaries = panel.models.filter((name) => name !== panel.primary);
  const asked = chosen.length > 0 ? chosen : secondaries.slice(0, panel.maxOpinions ?? secondaries.length);
  return [...new Set([panel.primary, ...asked])];
}

/** What is asked: the question with every choice of the form. */
function requestOf(
  question: string,
  { panel, chosen, maxCost }: ModelChoice,
  council: CouncilChoice,
  stances: CouncilChoice["stances"],
  answer: AnswerChoice,
  files: ChosenFile[],
): AskRequest {
  const cap = Number(maxCost);
  return {
    question,
    models: chosen,
    ...(maxCost && cap > 0 ? { maxCostUsd: cap } : {}),
    panel,
    review: council.review,
    rounds: council.rounds,
    ...(council.adaptive ? { adaptive: true } : {}),
    stances,
    ...answer,
    attachments: files,
  };
}

/** The question box; `onAsk` gets what was asked, `onCancel` stops the consultation running. */
export function AskForm({
  models,
  panels,
  priceData,
  busy,
  followUp,
  onAsk,
  onCancel,
}: {
  models: PageModel[];
  panels: PanelDescription[];
  priceData?: PriceDataInfo;
  busy: boolean;
  followUp: boolean;
  onAsk: (request: AskRequest) => void;
  onCancel: () => void;
}) {
  const [question, setQuestion] = useState("");
  const [picked, setPicked] = useState<ModelChoice>({ panel: "", chosen: [], maxCost: "" });
  const [council, setCouncil] = useState<CouncilChoice>(noCouncil);
  const [answer, setAnswer] = useState<AnswerChoice>(defaultAnswer);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  // Counts the questions sent: a new picker for each, so an old refusal does not linger.
  const [sent, setSent] = useState(0);
  const { panel, chosen } = picked;
  const asked = askedModels(
    chosen,
    panels.find((candidate) => candidate.name === panel),
  );
  const submit = () => {
    if (!question.trim() || busy) return;
    // A side is sent only for a model the consultation asks.
    const stances = Object.fromEntries(
      Object.entries(council.stances).filter(([model]) => asked.includes(model)),
    );
    onAsk(requestOf(question.trim(), picked, council, stances, answer, files));
    setQuestion("");
    setFiles([]);
    setSent(sent + 1);
  };
  return (
    <form
      className="ask"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <QuestionBox question={question} followUp={followUp} onChange={setQuestion} onSend={submit} />
      <AttachmentPicker key={sent} files={files} onChange={setFiles} />
      <AnswerSettings choice={answer} onChange={setAnswer} />
      <ModelPicker
        models={models}
        panels={panels}
        priceData={priceData}
        choice={picked}
        onChange={setPicked}
      />
      <CouncilControls models={asked} choice={council} onChange={setCouncil} />
      <div className="actions">
        {busy ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!question.trim()}>
            Ask
          </button>
        )}
      </div>
    </form>
  );
}
