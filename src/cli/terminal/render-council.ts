// What the council adds to a consultation, for a terminal: the synthesis's assessment (agreement, the
// family-weighted agreement, consensus, dissent, the verdict with each model's vote), the review's
// ranking table with each reviewer's consistency and the reviewers that failed or were not counted,
// and the debate rounds with who changed their position and why. What the models wrote there is
// inline Markdown, painted on one line (markdown-line.ts).

import type { Assessment, CouncilReview, DebateRound, Vote } from "../../contract/opinions.ts";
import { verdictNotes } from "../../contract/verdict-notes.ts";
import { markdownLine } from "./markdown-line.ts";
import { renderClaims, renderIndependentVotes } from "./render-claims.ts";
import type { TerminalStyle } from "./terminal-style.ts";
import { oneLine } from "./text-preview.ts";

const meterWidth = 10;

/** Lines of `assessment`: agreement as a meter and a percentage, consensus, dissent and the verdict. */
export function renderAssessment(assessment: Assessment, style: TerminalStyle): string[] {
  const { colors } = style;
  const { agreement, consensus, dissent, verdict } = assessment;
  const filled = Math.round(agreement.score * meterWidth);
  const meter = `${"█".repeat(filled)}${colors.dim("░".repeat(meterWidth - filled))}`;
  const lines = [
    heading("Assessment", style),
    `Agreement ${meter} ${colors.bold(`${Math.round(agreement.score * 100)}%`)}: ${markdownLine(agreement.reason, colors)}`,
  ];
  const weighted = assessment.familyAgreement;
  if (weighted) {
    const kin = weighted.families.filter((family) => family.models.length > 1);
    const note =
      kin.length > 0
        ? ` (${kin.map((family) => `${family.models.map(oneLine).join(", ")}: ${oneLine(family.family)}`).join("; ")})`
        : "";
    lines.push(
      `By family ${colors.bold(`${Math.round(weighted.score * 100)}%`)}: each model family counts as one voice${colors.dim(note)}`,
    );
  }
  if (assessment.independentVotes) lines.push(renderIndependentVotes(assessment.independentVotes, style));
  lines.push(...renderClaims(assessment.claims ?? [], style));
  if (consensus.length > 0)
    lines.push("Consensus:", ...consensus.map((point) => `  • ${markdownLine(point, colors)}`));
  if (dissent.length > 0) {
    lines.push(
      "Dissent:",
      ...dissent.map(
        (item) =>
          `  • ${markdownLine(item.point, colors)}${item.models.length > 0 ? colors.dim(` (${item.models.map(oneLine).join(", ")})`) : ""}`,
      ),
    );
  }
  if (verdict) {
    lines.push(
      `Verdict: ${voteLabel(verdict.decision, style)}: ${markdownLine(verdict.reason, colors)}${colors.dim(verdictNotes(assessment))}`,
    );
    if (verdict.votes.length > 0)
      lines.push(
        `  ${verdict.votes.map((entry) => `${oneLine(entry.model)} ${voteLabel(entry.vote, style)}`).join(" · ")}`,
      );
  }
  return [...lines, ""];
}

/** Lines of the review: the aggregate ranking as a table, then each reviewer that failed and why. */
export function renderReview(review: CouncilReview, style: TerminalStyle): string[] {
  const { colors } = style;
  const lines = [heading("Council review", style)];
  if (review.ranking.length > 0) {
    const width = Math.max(5, ...review.ranking.map((place) => place.model.length));
    lines.push(
      colors.dim(`  #  ${"model".padEnd(width)}  points  mean rank  reviews`),
      ...review.ranking.map(
        (place, index) =>
          `${String(index + 1).padStart(3)}  ${place.model.padEnd(width)}  ${String(place.points).padStart(6)}  ${place.meanRank.toFixed(2).padStart(9)}  ${String(place.reviews).padStart(7)}`,
      ),
    );
  } else lines.push(colors.yellow("No usable review: no ranking to show."));
  for (const failed of review.reviews.filter((peer) => peer.error)) {
    lines.push(colors.yellow(`  ✗ review by ${failed.reviewer} failed: ${oneLine(failed.error ?? "")}`));
  }
  const checked = review.reviews.filter((peer) => peer.consistency !== undefined);
  if (checked.length > 0) {
    lines.push(
      colors.dim(
        `  consistency in swapped orders: ${checked.map((peer) => `${peer.reviewer} ${Math.round((peer.consistency ?? 0) * 100)}%`).join(", ")}`,
      ),
    );
  }
  const inconsistent = review.reviews.filter((candidate) => candidate.inconsistent);
  for (const peer of inconsistent) {
    const counted =
      peer.weight !== 0 ? "counted all the same: no reviewer ranked consistently" : "not counted";
    lines.push(
      colors.yellow(
        `  ! ${peer.reviewer} ${counted}: its ranking changed with the order the answers were shown in`,
      ),
    );
  }
  return [...lines, ""];
}

/** Lines of the debate: from round 2, who changed their position and why. */
export function renderRounds(rounds: readonly DebateRound[], style: TerminalStyle): string[] {
  const { colors } = style;
  const lines = [heading(`Debate (${rounds.length} rounds)`, style)];
  for (const round of rounds.filter((candidate) => candidate.round > 1)) {
    lines.push(`Round ${round.round}:`);
    const changes = round.changes ?? [];
    if (changes.length === 0) lines.push(colors.dim("  no model revised its answer"));
    for (const change of changes) {
      lines.push(
        change.changedPosition
          ? `  ${colors.yellow("→")} ${colors.bold(change.model)} changed its position: ${markdownLine(change.why, colors)}`
          : `  ${colors.dim("=")} ${change.model} kept its position: ${markdownLine(change.why, colors)}`,
      );
    }
  }
  return [...lines, ""];
}

/** A section heading, as the synthesis's. */
export function heading(text: string, style: TerminalStyle): string {
  return style.colors.bold(style.colors.magenta(text));
}

function voteLabel(vote: Vote, style: TerminalStyle): string {
  const { colors } = style;
  if (vote === "go") return colors.bold(colors.green("GO"));
  if (vote === "block") return colors.bold(colors.red("BLOCK"));
  return colors.bold(colors.yellow("UNSURE"));
}
