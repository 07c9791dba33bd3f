// Two small charts of a consultation, drawn as SVG: each model's latency on a common time axis, and
// what each model cost. Each row's label sits on its own line above its bar, so a long label
// ("synthesis (cerebras)") never runs into the bar, however narrow the screen.

import type { ModelCall } from "../api.ts";

const width = 320;
/** A row: its label (baseline at 11), then its bar (from 15, 12 high). */
const rowHeight = 32;
/** Room kept right of the longest bar for its value. */
const valueRoom = 60;

export function LatencyChart({
  opinions,
  synthesis,
}: {
  opinions: ModelCall[];
  synthesis: ModelCall | null | undefined;
}) {
  const rows = [
    ...opinions.map((opinion) => ({
      label: opinion.model,
      start: 0,
      ms: opinion.latencyMs,
      failed: opinion.error === true,
    })),
  ];
  // The synthesis starts after the opinions it heard, not after those that landed later.
  const slowest = Math.max(
    1,
    ...opinions.filter((opinion) => !opinion.late).map((opinion) => opinion.latencyMs),
  );
  if (synthesis)
    rows.push({
      label: `synthesis (${synthesis.model})`,
      start: slowest,
      ms: synthesis.latencyMs,
      failed: synthesis.error === true,
    });
  const total = Math.max(1, ...rows.map((row) => row.start + row.ms));
  return (
    <BarChart
      name="Latency"
      title="Latency of each model"
      bars={rows.map((row) => ({
        label: row.label,
        start: row.start / total,
        length: row.ms / total,
        className: row.failed ? "bar failed" : "bar",
        value: `${(row.ms / 1000).toFixed(1)} s`,
      }))}
    />
  );
}

export function CostChart({ calls }: { calls: { label: string; cost?: number | undefined }[] }) {
  const priced = calls.filter((call) => call.cost !== undefined);
  if (priced.length === 0) return null;
  const dearest = Math.max(1e-9, ...priced.map((call) => call.cost ?? 0));
  return (
    <BarChart
      name="Cost"
      title="Cost of each model"
      bars={priced.map((call) => ({
        label: call.label,
        start: 0,
        length: (call.cost ?? 0) / dearest,
        className: "bar cost",
        value: `$${(call.cost ?? 0).toFixed(4)}`,
      }))}
    />
  );
}

/** A bar of a chart: where it starts and how long it is, as shares of the longest (0 to 1). */
interface Bar {
  label: string;
  start: number;
  length: number;
  className: string;
  value: string;
}

/** Rows of a label above a bar with its value at the bar's end. */
function BarChart({ name, title, bars }: { name: string; title: string; bars: Bar[] }) {
  const scale = (share: number) => share * (width - valueRoom);
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{name}</figcaption>
      <svg viewBox={`0 0 ${width} ${bars.length * rowHeight + 4}`} role="img">
        <title>{title}</title>
        {bars.map((bar, index) => (
          <g key={bar.label} transform={`translate(0 ${index * rowHeight})`}>
            <text x="0" y="11" className="chart-label">
              {bar.label}
            </text>
            <rect
              x={scale(bar.start)}
              y="15"
              width={Math.max(2, scale(bar.length))}
              height="12"
              className={bar.className}
            />
            <text x={4 + scale(bar.start + bar.length)} y="25" className="chart-value">
              {bar.value}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
