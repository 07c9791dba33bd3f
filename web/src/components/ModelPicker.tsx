// The model picker of the question box: a named panel, the available models with their price and
// abilities (deprecated ones marked), the prices' date, and an optional cost cap.

import type { PageModel, PanelDescription, PriceDataInfo } from "../api.ts";
import { modelDetails, modelLabel, priceDataLabel } from "../model-labels.ts";

function panelLabel(panel: PanelDescription): string {
  const cost = panel.estimatedCostUsd !== undefined ? `, about $${panel.estimatedCostUsd.toFixed(4)}` : "";
  const missing = panel.available ? "" : ` (unavailable: ${panel.unavailableModels.join(", ")})`;
  return `${panel.name}: ${panel.models.join(", ")}${cost}${missing}`;
}

/** What the picker shows and changes: the panel ("" for the default models), the models chosen, the cap. */
export interface ModelChoice {
  panel: string;
  chosen: string[];
  maxCost: string;
}

/** The picker, folded under a summary of the choice. */
export function ModelPicker({
  models,
  panels,
  priceData,
  choice,
  onChange,
}: {
  models: PageModel[];
  panels: PanelDescription[];
  priceData?: PriceDataInfo | undefined;
  choice: ModelChoice;
  onChange: (choice: ModelChoice) => void;
}) {
  const { panel, chosen, maxCost } = choice;
  const summary = [panel && `panel ${panel}`, chosen.length > 0 && `${chosen.length} chosen`]
    .filter(Boolean)
    .join(", ");
  return (
    <details className="picker">
      <summary>Models ({summary || "default panel"})</summary>
      {panels.length > 0 && (
        <>
          <label htmlFor="panel">Panel</label>
          <select
            id="panel"
            value={panel}
            onChange={(event) => onChange({ ...choice, panel: event.target.value })}
          >
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
          <ModelCheckbox
            key={model.name}
            model={model}
            checked={chosen.includes(model.name)}
            onChange={(checked) =>
              onChange({
                ...choice,
                chosen: checked ? [...chosen, model.name] : chosen.filter((name) => name !== model.name),
              })
            }
          />
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
        onChange={(event) => onChange({ ...choice, maxCost: event.target.value })}
      />
    </details>
  );
}

/** One model to tick, with its label and details. */
function ModelCheckbox({
  model,
  checked,
  onChange,
}: {
  model: PageModel;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="model-choice">
      <input
        type="checkbox"
        name="model"
        value={model.name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span
        className={model.deprecated ? "deprecated" : undefined}
        title={model.deprecated ? "Its vendor retires this model soon." : undefined}
      >
        {modelLabel(model)}
      </span>
      <span className="meta">{modelDetails(model)}</span>
    </label>
  );
}
