// What changed since the turn a replayed question was first asked in: the verdict, the agreement, the
// claims added and dropped, and who changed their mind, as the terminal and the tool say it.

import { describeReplayDiff, type ReplayReport } from "../api.ts";

/** The replay's diff, above its answer. */
export function ReplayDiff({ replay }: { replay: ReplayReport }) {
  return (
    <section className="replay-diff" aria-label="What changed">
      <h3>Replay of turn {replay.replayOf.turn}: what changed</h3>
      <ul>
        {describeReplayDiff(replay.diff).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {replay.notReplayed.map((note) => (
        <p key={note} className="meta">
          {note}
        </p>
      ))}
    </section>
  );
}
