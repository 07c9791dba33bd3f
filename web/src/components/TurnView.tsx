// One question of the conversation with its files, and its answer (a consultation's result) or reply;
// a stored consultation can be asked again ("Replay"), and a question asked again shows what changed.

import { sizeLabel } from "../attachments.ts";
import type { Turn } from "../page/turn.ts";
import { Markdown } from "./Markdown.tsx";
import { ReplayDiff } from "./ReplayDiff.tsx";
import { Result } from "./Result.tsx";

/** A question and what answered it; `onAskAgain`, when given, asks it again as a new turn. */
export function TurnView({ turn, onAskAgain }: { turn: Turn; onAskAgain?: (() => void) | undefined }) {
  return (
    <section className="turn">
      <p className="question">
        <strong>Q:</strong> {turn.question}
      </p>
      {turn.attachments && (
        <p className="meta attached">
          Attached: {turn.attachments.map((file) => `${file.name} (${sizeLabel(file.bytes)})`).join(", ")}
        </p>
      )}
      {turn.replay && <ReplayDiff replay={turn.replay} />}
      {turn.result && <Result result={turn.result} {...(turn.unlanded ? { unlanded: turn.unlanded } : {})} />}
      {turn.reply && <Markdown text={turn.reply} className="markdown reply" />}
      {onAskAgain && turn.result && turn.messageId && (
        // Named without "ask", so the form's Ask button stays the one button of that name.
        <button
          type="button"
          className="replay"
          title="Ask this question again, of today's panel, as a new turn"
          onClick={onAskAgain}
        >
          Replay
        </button>
      )}
    </section>
  );
}
