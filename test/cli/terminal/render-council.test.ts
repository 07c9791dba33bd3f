// The Markdown models write in the council's one-line fields, in a terminal: the assessment's reason,
// consensus, dissent and verdict, and why a model changed its position show their bold as the
// terminal's bold and their code in colour, a heading without its `##`, a link with its address, and no
// Markdown mark left; without colour (NO_COLOR, a pipe) the same words, plain. A javascript: link is
// only its label and raw HTML only text.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import picocolors from "picocolors";
import { renderAssessment, renderRounds } from "../../../src/cli/terminal/render-council.ts";
import type { TerminalStyle } from "../../../src/cli/terminal/terminal-style.ts";
import type { Assessment } from "../../../src/contract/opinions.ts";
import { markdownCouncil } from "../../e2e/support/council-script.ts";

const style = (colored: boolean): TerminalStyle => ({
  colors: picocolors.createColors(colored),
  colored,
  live: false,
  width: 100,
});

/** What the terminal prints of the Markdown council's assessment and round 2. */
function printed(colored: boolean): string {
  const assessment = markdownCouncil.assessment as unknown as Assessment;
  const rounds = [
    { round: 1, opinions: [] },
    {
      round: 2,
      opinions: [],
      changes: [{ model: "grok", changedPosition: true, why: markdownCouncil.changedMind }],
    },
  ];
  return [...renderAssessment(assessment, style(colored)), ...renderRounds(rounds, style(colored))].join(
    "\n",
  );
}

const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;

describe("the council's Markdown in a terminal", () => {
  it("paints bold and code, drops the heading's marks, and keeps a link's address", () => {
    const text = printed(true);
    assert.ok(text.includes(`: ${bold("two")} of three favour \u001b[33mSQLite\u001b[39m`), text);
    assert.ok(text.includes(`• WAL mode handles ${bold("one writer")}`), text);
    assert.ok(text.includes(`the ${bold("against")} side showed a \u001b[33mmigration\u001b[39m risk`), text);
    assert.ok(text.includes(`changed its position: the ${bold("write load")} figures convinced me`), text);
    assert.match(text, /WAL page.*\(https:\/\/sqlite\.org\/wal\.html\)/);
    assert.doesNotMatch(text, /\*\*|##|`|javascript/);
  });

  it("prints the same words plain without colour, with no Markdown mark", () => {
    const text = printed(false);
    assert.ok(!text.includes("\u001b"), JSON.stringify(text));
    assert.match(text, /^Agreement █{7}░{3} 67%: two of three favour SQLite$/m);
    assert.match(text, /^ {2}• WAL mode handles one writer$/m);
    assert.match(text, /^ {2}• see the WAL page \(https:\/\/sqlite\.org\/wal\.html\)$/m);
    assert.match(text, /^ {2}• replicas matter <img src=x onerror=alert\(1\)> later \(grok\)$/m);
    assert.match(text, /^Verdict: BLOCK: the against side showed a migration risk$/m);
    assert.match(text, /^ {2}→ grok changed its position: the write load figures convinced me$/m);
    assert.doesNotMatch(text, /\*\*|##|`|javascript/);
  });
});
