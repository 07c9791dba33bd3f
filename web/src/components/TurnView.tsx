// One question of the conversation with its files, and its answer (a consultation's result) or reply.

import { sizeLabel } from "../attachments.ts";
import type { Turn } from "../page/turn.ts";
import { Markdown } from "./Markdown.tsx";
import { Result } from "./Result.tsx";

/** A question and what answered it. */
export function TurnView({ turn }: { turn: Turn }) {
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
      {turn.result && <Result result={turn.result} {...(turn.unlanded ? { unlanded: turn.unlanded } : {})} />}
      {turn.reply && <Markdown text={turn.reply} className="markdown reply" />}
    </section>
  );
}
