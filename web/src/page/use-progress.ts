// The progress of the running consultation: a row per model and step, and the answers as they form.

import { useState } from "react";
import type { ConsultationEvent } from "../api.ts";
import { type Forming, nextForming, nothingForming } from "../components/FormingAnswers.tsx";
import { nextRows, type ProgressRow } from "../components/Progress.tsx";

/** What is shown while a consultation runs, and how events change it. */
export interface ConsultationProgress {
  rows: Record<string, ProgressRow>;
  forming: Forming;
  onEvent(event: ConsultationEvent): void;
  /** Empties the rows (another conversation is shown). */
  clearRows(): void;
  /** Empties the rows and the answers forming, for a new consultation. */
  start(): void;
}

/** The progress, empty at first. */
export function useProgress(): ConsultationProgress {
  const [rows, setRows] = useState<Record<string, ProgressRow>>({});
  const [forming, setForming] = useState<Forming>(nothingForming);
  return {
    rows,
    forming,
    onEvent: (event) => {
      setRows((previous) => nextRows(previous, event));
      setForming((previous) => nextForming(previous, event));
    },
    clearRows: () => setRows({}),
    start: () => {
      setRows({});
      setForming(nothingForming);
    },
  };
}
