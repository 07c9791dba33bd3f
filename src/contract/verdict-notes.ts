// The words every front end puts beside a verdict: that it was withheld for a degraded panel (and
// what the models that answered decided), and how many model names the synthesis model invented
// (dropped, never shown). One wording for the tool's text, the terminal, the gate and the page.

import type { Assessment } from "./opinions.ts";

/** What follows a verdict, in parentheses; empty when it was neither withheld nor had names dropped. */
export function verdictNotes(assessment: Pick<Assessment, "verdict" | "droppedNames">): string {
  const from = assessment.verdict?.degradedFrom;
  const dropped = assessment.droppedNames ?? 0;
  const notes = [
    ...(from ? [`degraded: the models that answered said ${from.toUpperCase()}`] : []),
    ...(dropped > 0
      ? [`${dropped} model name${dropped === 1 ? "" : "s"} the synthesis invented dropped`]
      : []),
  ];
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}
