// The question box with its files, web search and reasoning, the model picker (a named panel, and the
// available models with their price and abilities, deprecated ones marked, and the prices' date), an
// optional cost cap, and the council's controls (review, debate rounds, adaptive, sides); Ctrl+Enter or
// the button sends it.

import { useState } from "react";
import type { PageModel, PanelDescription, PriceDataInfo } from "../api.ts";
import type { ChosenFile } from "../attachments.ts";
import type { AskRequest } from "../consultation-input.ts";
import { modelDetails, modelLabel, priceDataLabel } from "../model-labels.ts";
import { type AnswerChoice, AnswerSettings, defaultAnswer } from "./AnswerSettings.tsx";
import { AttachmentPicker } from "./AttachmentPicker.tsx";
import { type CouncilChoice, CouncilControls, noCouncil } from "./CouncilControls.tsx";

function panelLabel(panel: PanelDescription): string {
  const cost = panel.estimatedCostUsd !== undefined ? `, about $${panel.estimatedCostUsd.toFixed(4)}` : "";
  const missing = panel.available ? "" : ` (unavailable: ${panel.unavailableModels.join(", ")})`;
  return `${panel.name}: ${panel.models.join(", ")}${cost}${missing}`;
}

/** The models a consultation will ask: the chosen ones with the panel's primary, or the panel's. */
function askedModels(chosen: string[], panel: PanelDescription | undefined): string[] {
  if (!panel) return chosen;
  const secondaries = panel.models.filter((name) => name !== panel.primary);
  const asked = chosen.length > 0 ? chosen : secondaries.slice(0, panel.maxOpinions ?? secondaries.length);
  return [...new Set([panel.primary, ...asked])];
}

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
  const [chosen, setChosen] = useState<string[]>([]);
  const [maxCost, setMaxCost] = useState("");
  const [panel, setPanel] = useState("");
  const [council, setCouncil] = useState<CouncilChoice>(noCouncil);
  const [answer, setAnswer] = useState<AnswerChoice>(defaultAnswer);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  // Counts the questions sent: a new picker for each, so an old refusal does not linger.
  const [sent, setSent] = useState(0);
  const asked = askedModels(
    chosen,
    panels.find((candidate) => candidate.name === panel),
  );
  const submit = () => {
    if (!question.trim() || busy) return;
    const cap = Number(maxCost);
    // A side is sent only for a model the consultation asks.
    const stances = Object.fromEntries(
      Object.entries(council.stances).filter(([model]) => asked.includes(model)),
    );
    onAsk({
      question: question.trim(),
      models: chosen,
      ...(maxCost && cap > 0 ? { maxCostUsd: cap } : {}),
      panel,
      review: council.review,
      rounds: council.rounds,
      ...(council.adaptive ? { adaptive: true } : {}),
      stances,
      ...answer,
      attachments: files,
    });
    setQuestion("");
    setFiles([]);
    setSent(sent + 1);
  };
  const summary = [panel && `panel ${panel}`, chosen.length > 0 && `${chosen.length} chosen`]
    .filter(Boolean)
    .join(", ");
  return (
    <form
      className="ask"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="question">{followUp ? "Follow-up question" : "Your question"}</label>
      <textarea
        id="question"
        value={question}
        rows={4}
        placeholder={followUp ? "Ask a follow-up in this conversation…" : "Ask several models at once…"}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <AttachmentPicker key={sent} files={files} onChange={setFiles} />
      <AnswerSettings choice={answer} onChange={setAnswer} />
      <details className="picker">
        <summary>Models ({summary || "default panel"})</summary>
        {panels.length > 0 && (
          <>
            <label htmlFor="panel">Panel</label>
            <select id="panel" value={panel} onChange={(event) => setPanel(event.target.value)}>
              <option value="">Default models</option>
              {panels.map((candidate) => (
                <option
                  key={candidate.name}
                  value={candidate.name}
                  disabled={!candidate.available}
                  title={candidate.description}
                >
                  {panelLabel(candidate)}
                </option>
              ))}
            </select>
          </>
        )}
        <fieldset>
          <legend>Secondary models</legend>
          {models.map((model) => (
            <label key={model.name} className="model-choice">
              <input
                type="checkbox"
                name="model"
                value={model.name}
                checked={chosen.includes(model.name)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked
                      ? [...chosen, model.name]
                      : chosen.filter((name) => name !== model.name),
                  )
                }
              />
              <span
                className={model.deprecated ? "deprecated" : undefined}
                title={model.deprecated ? "Its vendor retires this model soon." : undefined}
              >
                {modelLabel(model)}
              </span>
              <span className="meta">{modelDetails(model)}</span>
            </label>
          ))}
        </fieldset>
        {priceData && <p className="meta">{priceDataLabel(priceData)}</p>}
        <label htmlFor="max-cost">Most it may cost (USD)</label>
        <input
          id="max-cost"
          type="number"
          min="0"
          step="0.01"
          value={maxCost}
          onChange={(event) => setMaxCost(event.target.value)}
        />
      </details>
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
