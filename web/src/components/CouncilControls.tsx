// The council's controls under the question box: adaptive consultation (two cheap models first), a
// council review, how many debate rounds, and the side each model taking part argues (for the models
// chosen, or the panel's).

import type { Stance } from "../api.ts";

/** What the council does beyond the opinions. */
export interface CouncilChoice {
  review: boolean;
  /** 1 = no debate. */
  rounds: number;
  /** Only models with a side; the others argue none. */
  stances: Record<string, Stance>;
  /** Two cheap models of different vendors first, the rest only if they disagree. */
  adaptive: boolean;
}

export const noCouncil: CouncilChoice = { review: false, rounds: 1, stances: {}, adaptive: false };

const sides: Stance[] = ["for", "against", "neutral"];

/** A few words on what is chosen, for the expander's summary. */
function summary(choice: CouncilChoice): string {
  const parts = [
    ...(choice.adaptive ? ["adaptive"] : []),
    ...(choice.review ? ["review"] : []),
    ...(choice.rounds > 1 ? [`${choice.rounds} rounds`] : []),
    ...Object.entries(choice.stances).map(([model, side]) => `${model} ${side}`),
  ];
  return parts.length > 0 ? parts.join(", ") : "off";
}

export function CouncilControls({
  models,
  choice,
  onChange,
}: {
  /** The models whose side can be chosen: those the consultation will ask. */
  models: string[];
  choice: CouncilChoice;
  onChange: (choice: CouncilChoice) => void;
}) {
  return (
    <details className="picker council">
      <summary>Council ({summary(choice)})</summary>
      <label className="check">
        <input
          type="checkbox"
          checked={choice.adaptive}
          onChange={(event) => onChange({ ...choice, adaptive: event.target.checked })}
        />
        <span>
          Adaptive: ask the two cheapest models of different vendors first, the rest only if they disagree
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={choice.review}
          onChange={(event) => onChange({ ...choice, review: event.target.checked })}
        />
        <span>Review: each model ranks the others' answers, anonymised, in two orders</span>
      </label>
      <label htmlFor="rounds">Debate rounds</label>
      <select
        id="rounds"
        value={choice.rounds}
        onChange={(event) => onChange({ ...choice, rounds: Number(event.target.value) })}
      >
        <option value={1}>1: no debate</option>
        <option value={2}>2: models see the others' answers and may revise</option>
        <option value={3}>3: and once more</option>
      </select>
      <fieldset>
        <legend>Sides</legend>
        {models.length === 0 && <p className="meta">Choose models or a panel to give a model a side.</p>}
        {models.map((model) => (
          <label key={model} className="stance-choice">
            <span>{model}</span>
            <select
              aria-label={`Side of ${model}`}
              value={choice.stances[model] ?? ""}
              onChange={(event) => {
                const { [model]: _dropped, ...others } = choice.stances;
                const side = event.target.value as Stance | "";
                onChange({ ...choice, stances: side ? { ...others, [model]: side } : others });
              }}
            >
              <option value="">none</option>
              {sides.map((side) => (
                <option key={side} value={side}>
                  {side}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
