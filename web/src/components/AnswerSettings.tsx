// How the models answer: whether each searches the web with its vendor's search, and how hard reasoning
// models think (the default leaves it to the panel, the model or the vendor).

import { reasoningLevels } from "../api.ts";
import type { AskRequest } from "../consultation-input.ts";

/** The choices beside the question; `reasoning` is "" for the default. */
export type AnswerChoice = Pick<AskRequest, "webSearch" | "reasoning">;

export const defaultAnswer: AnswerChoice = { webSearch: false, reasoning: "" };

export function AnswerSettings({
  choice,
  onChange,
}: {
  choice: AnswerChoice;
  onChange: (choice: AnswerChoice) => void;
}) {
  return (
    <div className="answer-settings">
      <label className="check">
        <input
          type="checkbox"
          checked={choice.webSearch}
          onChange={(event) => onChange({ ...choice, webSearch: event.target.checked })}
        />
        <span>Search the web</span>
      </label>
      <label className="check">
        <span>Reasoning</span>
        <select
          aria-label="Reasoning"
          value={choice.reasoning}
          onChange={(event) =>
            onChange({ ...choice, reasoning: event.target.value as AnswerChoice["reasoning"] })
          }
        >
          <option value="">default</option>
          {reasoningLevels.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
