// The report's two plots as self-contained SVG: cost against accuracy (each strategy a point, with its
// 95% interval), and the reliability diagram of the synthesis's agreement score (each bin's accuracy
// against its mean score, beside the diagonal of perfect calibration). Pure functions of the report
// returning SVG text, every label escaped, colours from `currentColor` so they follow the page's theme:
// the HTML report embeds them and the web page shows the same markup.

import type { EvaluationReport } from "../evaluation.ts";
import { percent, usd } from "./report-format.ts";

const width = 520;
const height = 340;
const margin = { top: 40, right: 40, bottom: 48, left: 56 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const accent = "#2f6fdb";

/** `text` safe inside SVG text and attributes. */
export function escapeMarkup(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const x = (share: number) => margin.left + share * plotWidth;
const y = (share: number) => margin.top + (1 - share) * plotHeight;
const fixed = (value: number) => value.toFixed(1);

/** The frame of a plot: its title, axes, ticks and axis labels. */
function frame(
  title: string,
  xTicks: [number, string][],
  xLabel: string,
  yLabel: string,
  body: string,
): string {
  const yTicks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (share) =>
        `<line x1="${x(0) - 4}" y1="${fixed(y(share))}" x2="${x(1)}" y2="${fixed(y(share))}" stroke="currentColor" stroke-opacity="${share === 0 ? 0.8 : 0.12}"/>` +
        `<text x="${x(0) - 8}" y="${fixed(y(share) + 4)}" text-anchor="end">${percent(share)}</text>`,
    )
    .join("");
  const xTickMarks = xTicks
    .map(
      ([share, label]) =>
        `<line x1="${fixed(x(share))}" y1="${y(0)}" x2="${fixed(x(share))}" y2="${y(0) + 4}" stroke="currentColor"/>` +
        `<text x="${fixed(x(share))}" y="${y(0) + 18}" text-anchor="middle">${escapeMarkup(label)}</text>`,
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(title)}" font-family="system-ui, sans-serif" font-size="12" fill="currentColor" class="evaluation-plot">`,
    `<title>${escapeMarkup(title)}</title>`,
    `<text x="${margin.left}" y="16" font-weight="600" font-size="13">${escapeMarkup(title)}</text>`,
    yTicks,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(0)}" y2="${y(1)}" stroke="currentColor"/>`,
    xTickMarks,
    `<text x="${x(0.5)}" y="${height - 8}" text-anchor="middle">${escapeMarkup(xLabel)}</text>`,
    `<text transform="translate(14 ${y(0.5)}) rotate(-90)" text-anchor="middle">${escapeMarkup(yLabel)}</text>`,
    body,
    "</svg>",
  ].join("");
}

/**
 * Cost against accuracy: each strategy at its mean cost per answer (x, from $0) and its accuracy (y),
 * with its 95% interval as a bar; by win rate against the best single model when no question has a
 * reference.
 */
export function costAccuracyPlot(report: EvaluationReport): string {
  const byAccuracy = report.strategies.some((line) => line.accuracy !== null);
  const points = report.strategies.flatMap((line) => {
    const share = byAccuracy ? line.accuracy : line.winRate;
    const answers = Math.max(1, line.answered);
    return share ? [{ strategy: line.strategy, cost: line.costUsd / answers, share }] : [];
  });
  const dearest = Math.max(0, ...points.map((point) => point.cost));
  const scale = dearest > 0 ? dearest * 1.15 : 1;
  // Ticks to two significant figures, so they stay short.
  const tick = (amount: number) => (amount === 0 ? "$0" : `$${Number(amount.toPrecision(2))}`);
  const ticks: [number, string][] = [0, 0.25, 0.5, 0.75, 1].map((share) => [
    share,
    dearest > 0 ? tick(share * scale) : share === 0 ? "$0" : "",
  ]);
  const body = points
    .map((point) => {
      const px = x(point.cost / scale);
      const py = y(point.share.value);
      // Each label beside its point, on the side with room.
      const onLeft = px > width - 150;
      return (
        `<g class="plot-point" data-strategy="${escapeMarkup(point.strategy)}">` +
        `<line x1="${fixed(px)}" y1="${fixed(y(point.share.low))}" x2="${fixed(px)}" y2="${fixed(y(point.share.high))}" stroke="${accent}" stroke-width="2" stroke-opacity="0.45"/>` +
        `<circle cx="${fixed(px)}" cy="${fixed(py)}" r="5" fill="${accent}"><title>${escapeMarkup(`${point.strategy}: ${percent(point.share.value)} at ${usd(point.cost)} an answer`)}</title></circle>` +
        `<text x="${fixed(onLeft ? px - 9 : px + 9)}" y="${fixed(py + 4)}" text-anchor="${onLeft ? "end" : "start"}">${escapeMarkup(point.strategy)}</text>` +
        "</g>"
      );
    })
    .join("");
  const empty =
    points.length === 0
      ? `<text x="${x(0.5)}" y="${y(0.5)}" text-anchor="middle">No strategy was graded or judged yet</text>`
      : "";
  return frame(
    byAccuracy ? "Cost against accuracy" : "Cost against win rate",
    ticks,
    "mean cost per answer (USD)",
    byAccuracy ? "accuracy (95% interval)" : "win rate against best single",
    body + empty,
  );
}

/**
 * The reliability diagram of the synthesis's agreement score: each bin's share of right answers as a
 * bar over the bin, its mean score as a dot, its count above; the diagonal is perfect calibration.
 */
export function reliabilityPlot(report: EvaluationReport): string {
  const { bins, answers } = report.agreement;
  const diagonal = `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="currentColor" stroke-dasharray="4 4" stroke-opacity="0.6"/>`;
  const bars = bins
    .filter((bin) => bin.count > 0 && bin.accuracy !== null)
    .map((bin) => {
      const accuracy = bin.accuracy as number;
      const left = x(bin.from) + 2;
      const barWidth = Math.max(1, x(bin.to) - x(bin.from) - 4);
      const top = y(accuracy);
      const mean = bin.meanConfidence ?? (bin.from + bin.to) / 2;
      return (
        `<g class="plot-bin">` +
        `<rect x="${fixed(left)}" y="${fixed(top)}" width="${fixed(barWidth)}" height="${fixed(y(0) - top)}" fill="${accent}" fill-opacity="0.55"><title>${escapeMarkup(`score ${percent(bin.from)}–${percent(bin.to)}: ${percent(accuracy)} right of ${bin.count}`)}</title></rect>` +
        `<circle cx="${fixed(x(mean))}" cy="${fixed(y(mean))}" r="3" fill="currentColor"/>` +
        `<text x="${fixed(left + barWidth / 2)}" y="${fixed(top - 4)}" text-anchor="middle" font-size="10">${bin.count}</text>` +
        "</g>"
      );
    })
    .join("");
  const empty =
    answers === 0
      ? `<text x="${x(0.5)}" y="${y(0.5)}" text-anchor="middle">No graded answer with an agreement score yet</text>`
      : "";
  const ticks: [number, string][] = [0, 0.25, 0.5, 0.75, 1].map((share) => [share, percent(share)]);
  return frame(
    "Reliability of the agreement score",
    ticks,
    "the synthesis's agreement score",
    "share of answers right",
    diagonal + bars + empty,
  );
}
