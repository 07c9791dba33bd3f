// Model-written text meant for one line (an assessment's reason and points, a verdict's reason, why a
// model changed its position) for a terminal: its inline Markdown painted (bold as bold, italics,
// code, links with their address), block Markdown flattened to text (see contract/markdown-line.ts),
// control characters removed. Without colour the same words with no Markdown marks left.

import { oneLineTokens } from "../../contract/markdown-line.ts";
import { type Colors, inlineRuns, paintedLine } from "./markdown-inline.ts";
import { withoutControls } from "./text-preview.ts";

/** `markdown` as one painted line. */
export function markdownLine(markdown: string, colors: Colors): string {
  const runs = inlineRuns(oneLineTokens(markdown), colors)
    .map((run) => ({ ...run, text: withoutControls(run.text) }))
    .filter((run) => run.text !== "");
  const last = runs.length - 1;
  for (const [index, run] of runs.entries()) {
    if (index === 0) run.text = run.text.trimStart();
    if (index === last) run.text = run.text.trimEnd();
  }
  return paintedLine(runs);
}
