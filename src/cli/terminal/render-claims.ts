// The answer's claims as a compact table for a terminal (each claim, who states it, who contradicts it,
// how many sources back it, a mark on a claim one model alone states or one contradicted), and the line
// that says how many independent votes the panel is worth and from what evidence.

import { type Claim, describeIndependentVotes, type IndependentVotes } from "../../contract/claims.ts";
import { markdownLine } from "./markdown-line.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { oneLine } from "./text-preview.ts";

/** The independent-votes line, shown beside the agreement. */
export function renderIndependentVotes(votes: IndependentVotes, style: TerminalStyle): string {
  return style.colors.dim(describeIndependentVotes(votes));
}

/** The claims table: one line per claim, its marks first. */
export function renderClaims(claims: readonly Claim[], style: TerminalStyle): string[] {
  if (claims.length === 0) return [];
  const { colors } = style;
  const names = (models: readonly string[]) => models.map(oneLine).join(", ") || "-";
  const width = Math.max(7, ...claims.map((claim) => names(claim.backers).length));
  const rows = claims.map((claim) => {
    const mark = claim.marks.length > 0 ? colors.yellow("!") : " ";
    const against = claim.contradictors.length > 0 ? colors.red(` ✗ ${names(claim.contradictors)}`) : "";
    const sources = claim.citations.length > 0 ? colors.dim(` [${claim.citations.length} src]`) : "";
    const note = claim.marks.length > 0 ? colors.yellow(` (${claim.marks.join(", ")})`) : "";
    return `${mark} ${names(claim.backers).padEnd(width)}  ${markdownLine(claim.claim, colors)}${sources}${against}${note}`;
  });
  return ["Claims:", colors.dim(`  ${"backers".padEnd(width)}  claim`), ...rows];
}
