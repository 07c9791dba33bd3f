// How the report's numbers are written, the same in the terminal table, the HTML report and the web
// page: shares as whole percents with their interval, dollars to four significant figures, latencies in
// seconds. Pure, with no imports, so the web page can use it as the server does.

import { usd as dollars } from "../usd.ts";

/** A share (0 to 1) as a percent: "72%"; "–" when there is none. */
export function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? "–" : `${Math.round(share * 100)}%`;
}

/** A share with its 95% interval: "72% (61–81%)"; "–" when there is none. */
export function withInterval(share: { value: number; low: number; high: number } | null): string {
  if (!share) return "–";
  return `${percent(share.value)} (${Math.round(share.low * 100)}–${Math.round(share.high * 100)}%)`;
}

/** Dollars: to the cent from $1, else to four significant figures; "–" when unknown. */
export function usd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return "–";
  const sign = amount < 0 ? "−" : "";
  const size = Math.abs(amount);
  if (size === 0) return "$0";
  return `${sign}${dollars(size)}`;
}

/** Milliseconds as seconds: "1.2 s"; "–" when unknown. */
export function seconds(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined) return "–";
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 1 : 0)} s`;
}

/** Percentage points with their sign: "+3.0 pts"; "–" when unknown. */
export function points(value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toFixed(1)} pts`;
}

/** A count of a total: "7 of 20"; "–" when the total is 0. */
export function countOf(count: number, total: number): string {
  return total === 0 ? "–" : `${count} of ${total}`;
}
