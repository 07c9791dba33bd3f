// The question box with the model picker (available models only, with their price) and an optional
// cost cap; Ctrl+Enter or the button sends it.

import { useState } from "react";
import type { ModelInfo } from "../api.ts";

export interface AskRequest {
  question: string;
  models: string[];
  maxCostUsd?: number;
}

function price(model: ModelInfo): string {
  if (model.inputPricePerMillion === null || model.outputPricePerMillion === null) return "price unknown";
  return `$${model.inputPricePerMillion}/$${model.outputPricePerMillion} per M tokens`;
}

export function AskForm({
  models,
  busy,
  followUp,
  onAsk,
  onCancel,
}: {
  models: ModelInfo[];
  busy: boolean;
  followUp: boolean;
  onAsk: (request: AskRequest) => void;
  onCancel: () => void;
}) {
  const [question, setQuestion] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [maxCost, setMaxCost] = useState("");
  const submit = () => {
    if (!question.trim() || busy) return;
    const cap = Number(maxCost);
    onAsk({ question: question.trim(), models: chosen, ...(maxCost && cap > 0 ? { maxCostUsd: cap } : {}) });
    setQuestion("");
  };
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
      <details className="picker">
        <summary>Models {chosen.length > 0 ? `(${chosen.length} chosen)` : "(default panel)"}</summary>
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
              <span>{model.displayName}</span>
              <span className="meta">{price(model)}</span>
            </label>
          ))}
        </fieldset>
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
