// What a terminal shows of a degraded panel: a banner before everything else saying who is missing
// and why (the verdict's own note, contract/verdict-notes.ts, says what the models that answered decided).

import type { Assessment } from "../../contract/opinions.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { oneLine } from "./text-preview.ts";

/** The banner said first when the panel did not all answer; no lines when it did. */
export function renderDegraded(assessment: Assessment | undefined, style: TerminalStyle): string[] {
  const degraded = assessment?.degraded;
  if (!degraded) return [];
  const { colors } = style;
  return [colors.bold(colors.yellow(`Degraded: ${oneLine(degraded.note)}`)), ""];
}
