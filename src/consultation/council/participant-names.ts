// Names the synthesis model writes for panel models, read back as the participants' own names: its
// Markdown stripped ("**gemini**", "`grok`", a link), a list mark or number, a display name in brackets
// and trailing punctuation dropped, and matched case-insensitively to a model that took part, by its
// name or its display name. A name that matches no participant is one the synthesis model invented.

import type { ModelOpinion } from "../../contract/opinions.ts";

/** A model that took part, as its names are matched. */
export type Participant = Pick<ModelOpinion, "model" | "modelDisplayName">;

/**
 * The participant a label names, or undefined: "**gpt**", "`gpt`", "1. GPT", "gpt (GPT-5)" or the
 * display name, in any case, all name gpt.
 */
export function participantName(label: string, participants: readonly Participant[]): string | undefined {
  const plain = label
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*~\u0060]/g, "")
    .trim()
    .replace(/^_+|_+$/g, "")
    .replace(/^(?:[-+]\s+|\d+[.)]\s*)/, "")
    .replace(/\s*\(.*\)$/, "")
    .replace(/[:.,;]+$/, "")
    .trim()
    .toLowerCase();
  return participants.find(
    (participant) =>
      participant.model.toLowerCase() === plain || participant.modelDisplayName.toLowerCase() === plain,
  )?.model;
}

/** The participants `labels` name, each once, in the order named; invented names are left out. */
export function participantsOnly(labels: readonly string[], participants: readonly Participant[]): string[] {
  const named = labels.flatMap((label) => participantName(label, participants) ?? []);
  return [...new Set(named)];
}
