// Two small charts of a consultation, drawn as SVG: each model's latency on a common time axis, and
// what each model cost.

import type { Opinion } from "../api.ts";

const width = 320;
const rowHeight = 22;

export function LatencyChart({ opinions, synthesis }: { opinions: Opinion[]; synthesis: Opinion | null }) {
  const rows = [
    ...opinions.map((opinion) => ({
      label: opinion.model,
      start: 0,
      ms: opinion.latencyMs,
      failed: opinion.error === true,
    })),
  ];
  const slowest = Math.max(1, ...rows.map((row) => row.ms));
  if (synthesis)
    rows.push({
      label: `synthesis (${synthesis.model})`,
      start: slowest,
      ms: synthesis.latencyMs,
      failed: synthesis.error === true,
    });
  const total = Math.max(1, ...rows.map((row) => row.start + row.ms));
  const scale = (ms: number) => (ms / total) * (width - 130);
  return (
    <figure className="chart" aria-label="Latency of each model">
      <figcaption>Latency</figcaption>
      <svg viewBox={`0 0 ${width} ${rows.length * rowHeight + 4}`} role="img">
        <title>Latency of each model</title>
        {rows.map((row, index) => (
          <g key={row.label} transform={`translate(0 ${index * rowHeight})`}>
            <text x="0" y="15" className="chart-label">
              {row.label}
            </text>
            <rect
              x={100 + scale(row.start)}
              y="4"
              width={Math.max(2, scale(row.ms))}
              height="14"
              className={row.failed ? "bar failed" : "bar"}
            />
            <text x={104 + scale(row.start + row.ms)} y="15" className="chart-value">
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
            <text x="0" y="15" className="chart-label">
              {call.label}
            </text>
            <rect
              x="100"
              y="4"
              width={Math.max(2, ((call.cost ?? 0) / dearest) * (width - 170))}
              height="14"
              className="bar cost"
            />
            <text x={104 + ((call.cost ?? 0) / dearest) * (width - 170)} y="15" className="chart-value">
              ${(call.cost ?? 0).toFixed(4)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
