// How the models answer: whether each searches the web with its vendor's search, how hard reasoning
// models think (the default leaves it to the panel, the model or the vendor), and the answer-by time
// (the models still answering then land beside it later; the default is the server's).

import { reasoningLevels } from "../api.ts";
import type { AskRequest } from "../consultation-input.ts";

/** The choices beside the question; `reasoning` is "" for the default. */
export type AnswerChoice = Pick<AskRequest, "webSearch" | "reasoning" | "answerBySeconds">;

export const defaultAnswer: AnswerChoice = { webSearch: false, reasoning: "", answerBySeconds: 0 };

/** The answer-by times offered, in seconds (0: the server's). */
const answerTimes = [0, 10, 30, 60, 120, 300];

function timeLabel(seconds: number): string {
  if (seconds === 0) return "default";
  return seconds < 60 ? `${seconds} s` : `${seconds / 60} min`;
}

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
      <label className="check" title="The models still answering then land beside the answer later.">
        <span>Answer within</span>
        <select
          aria-label="Answer within"
          value={choice.answerBySeconds}
          onChange={(event) => onChange({ ...choice, answerBySeconds: Number(event.target.value) })}
        >
          {answerTimes.map((seconds) => (
            <option key={seconds} value={seconds}>
              {timeLabel(seconds)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
