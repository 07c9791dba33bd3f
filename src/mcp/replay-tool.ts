// The `conversation.replay` tool: a stored question asked again as a new turn of its conversation, of
// today's default panel or of chosen models; the result is the second opinion (compact unless `detail:
// "full"`), marked as a replay, with what changed since the old turn, and a text block saying so first.

import { describeReplayDiff, type ReplayResult, replayInput } from "../contract/replay.ts";
import { compactSecondOpinion } from "../contract/result-detail.ts";
import { secondOpinionText } from "./result-text.ts";
import type { ToolWriter } from "./tool-definition.ts";

/** Asks a stored question again and says what changed. */
export const replayTool: ToolWriter = (name) => ({
  name: "conversation.replay",
  title: "Ask a stored question again",
  description: [
    "Ask a question of one of your conversations again (turn N, default the last) of today's default panel, or of the",
    "models you name, as a new turn of the same conversation marked replayOf. The result is a second opinion, as from",
    `${name("agent.second_opinion")}, with replay.diff: the verdict before and after, the agreement, the claims added`,
    "and dropped, and the models that changed their mind. Use it to see what a new model release changes on a stored",
    "question. The question's stored files go with it; replay.notReplayed names what was not stored. Takes as long as a",
    "second opinion.",
  ].join(" "),
  input: replayInput,
  output: "replay",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  taskSupport: "optional",
  call: async (application, caller, input, options) => {
    const { replay, ...result } = await application.replay(caller, input, options);
    const full = (input as { detail?: unknown }).detail === "full";
    return { ...(full ? result : compactSecondOpinion(result)), replay };
  },
  text: (result) => {
    const { replay } = result as ReplayResult;
    const heading = `**Replay of turn ${replay.replayOf.turn}**`;
    const diff = describeReplayDiff(replay.diff).map((line) => `- ${line}`);
    const notes = replay.notReplayed.map((note) => `_${note}_`);
    return [heading, ...diff, ...notes, "", secondOpinionText(result as ReplayResult, name)].join("\n");
  },
});
