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
  const scale = (ms: number) => (ms / total) * (width - valueRoom);
  return (
    <figure className="chart" aria-label="Latency of each model">
      <figcaption>Latency</figcaption>
      <svg viewBox={`0 0 ${width} ${rows.length * rowHeight + 4}`} role="img">
        <title>Latency of each model</title>
        {rows.map((row, index) => (
          <g key={row.label} transform={`translate(0 ${index * rowHeight})`}>
            <text x="0" y="11" className="chart-label">
              {row.label}
            </text>
            <rect
              x={scale(row.start)}
              y="15"
              width={Math.max(2, scale(row.ms))}
              height="12"
              className={row.failed ? "bar failed" : "bar"}
            />
            <text x={4 + scale(row.start + row.ms)} y="25" className="chart-value">
              {(row.ms / 1000).toFixed(1)} s
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

export function CostChart({ calls }: { calls: { label: string; cost?: number | undefined }[] }) {
  const priced = calls.filter((call) => call.cost !== undefined);
  if (priced.length === 0) return null;
  const dearest = Math.max(1e-9, ...priced.map((call) => call.cost ?? 0));
  return (
    <figure className="chart" aria-label="Cost of each model">
      <figcaption>Cost</figcaption>
      <svg viewBox={`0 0 ${width} ${priced.length * rowHeight + 4}`} role="img">
        <title>Cost of each model</title>
        {priced.map((call, index) => (
          <g key={call.label} transform={`translate(0 ${index * rowHeight})`}>
            <text x="0" y="11" className="chart-label">
              {call.label}
            </text>
            <rect
              x="0"
              y="15"
              width={Math.max(2, ((call.cost ?? 0) / dearest) * (width - valueRoom))}
              height="12"
              className="bar cost"
            />
            <text x={4 + ((call.cost ?? 0) / dearest) * (width - valueRoom)} y="25" className="chart-value">
              ${(call.cost ?? 0).toFixed(4)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
