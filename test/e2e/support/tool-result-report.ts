// What an agent CLI gave its model as our tool's result, measured: how many characters, where the synthesis
// and the verdict start, and whether the CLI cut it or kept it in a file (each CLI marks that in its own
// words: Codex "…N tokens truncated…" between the first and last part, Claude Code "<persisted-output> Output
// too large (53.5KB). Full output saved to: ..." before a 2 KB preview (from about 50,000 characters), Gemini
// CLI "Output too large. Showing first ... For full output see").

/** The marks each CLI leaves where it cut a tool result or put it in a file. */
const cutMarks: readonly RegExp[] = [
  /…\d+ tokens truncated…/,
  /<persisted-output>|Output too large/,
  /exceeds maximum allowed tokens|Output has been saved to|Full output saved to/,
  /\[TRUNCATED/,
];

/** A received tool result, measured. */
export interface ToolResultReport {
  characters: number;
  /** Where the synthesis starts; -1 when it is not there. */
  synthesisAt: number;
  /** Where the verdict's reason starts; -1 when it is not there. */
  verdictAt: number;
  /** The CLI's mark of a cut or of a result kept in a file; absent when it came whole. */
  cut?: string;
  /** Whether it carries the result as JSON (the structured content), and that JSON parses. */
  json: "parses" | "broken" | "none";
}

/** Measures `text` for the synthesis and verdict given. */
export function reportOf(text: string, expected: { synthesis: string; verdict: string }): ToolResultReport {
  const cut = cutMarks.map((mark) => text.match(mark)?.[0]).find(Boolean);
  return {
    characters: text.length,
    synthesisAt: text.indexOf(expected.synthesis),
    verdictAt: text.indexOf(expected.verdict),
    ...(cut ? { cut } : {}),
    json: jsonOf(text),
  };
}

/** The report in one line: "Codex: 30,931 characters, the synthesis at 1,040, the verdict at 438, whole". */
export function describeReport(cli: string, report: ToolResultReport): string {
  const at = (position: number) => (position < 0 ? "absent" : `at ${position.toLocaleString("en")}`);
  return [
    `${cli}: ${report.characters.toLocaleString("en")} characters`,
    `the synthesis ${at(report.synthesisAt)}`,
    `the verdict ${at(report.verdictAt)}`,
    report.json === "none" ? "text" : `JSON that ${report.json === "parses" ? "parses" : "does not parse"}`,
    report.cut ? `cut ("${report.cut}")` : "whole",
  ].join(", ");
}

/** Codex puts "Wall time: ... Output:" before the result; the JSON is what follows the first brace. */
function jsonOf(text: string): ToolResultReport["json"] {
  const start = text.search(/^\{/m);
  if (start < 0) return "none";
  try {
    JSON.parse(text.slice(start));
    return "parses";
  } catch {
    return "broken";
  }
}
