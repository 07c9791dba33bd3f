// Names the synthesis model writes for panel models, read back as the participants' own names: its
// Markdown stripped ("**gemini**", "`grok`"), a list number or a display name in brackets dropped, and
// matched case-insensitively to a model that took part. A name that matches no participant is one the
// synthesis model invented, and is dropped.

const markdown = /[*_\u0060~[\]]/g;

/** The participant `label` names, in the participants' own spelling; undefined when it names none. */
export function participantName(label: string, participants: readonly string[]): string | undefined {
  const plain = label
    .replace(markdown, "")
    .trim()
    .replace(/^\d+\.\s*/, "")
    .replace(/\s*\(.*\)$/, "")
    .replace(/:$/, "")
    .trim()
    .toLowerCase();
  return participants.find((participant) => participant.toLowerCase() === plain);
}

/** The participants `labels` name, each once, in the order named; invented names are left out. */
export function participantsOnly(labels: readonly string[], participants: readonly string[]): string[] {
  const named = labels.flatMap((label) => participantName(label, participants) ?? []);
  return [...new Set(named)];
}
