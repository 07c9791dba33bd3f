// Said before the synthesis when the panel did not all answer: who is missing and why, and whether the
// verdict was withheld for it, so a partly failed panel is never read with the whole panel's authority.

import type * as contract from "../api.ts";

export function DegradedBanner({ assessment }: { assessment: contract.Assessment | undefined }) {
  const degraded = assessment?.degraded;
  if (!degraded) return null;
  return (
    <p className="warning degraded" role="status" aria-label="Degraded">
      <strong>Degraded:</strong> {degraded.note}
    </p>
  );
}
