// Whether a stated confidence means what it says: answers are put in equal-width bins of confidence over
// 0 to 1 (a confidence on a bin's edge goes to the bin above it, and 1 to the last bin), and each bin
// shows its mean confidence beside the share of its answers that were right. The expected calibration
// error sums each bin's gap, weighted by its share of the answers:
//   ECE = Σ over bins (count / n) · |accuracy − mean confidence|
// 0 is perfect calibration. Empty bins are kept, with no mean or accuracy, so every diagram has its bins.

/** One answer's confidence (0 to 1) and whether it was right. */
export interface ConfidentGrade {
  confidence: number;
  correct: boolean;
}

/** One bin of a reliability diagram, from `low` up to (not including) `high`. */
export interface CalibrationBin {
  low: number;
  high: number;
  count: number;
  meanConfidence: number | undefined;
  accuracy: number | undefined;
}

/** The bins and the expected calibration error (undefined with no answers). */
export interface ReliabilityDiagram {
  bins: CalibrationBin[];
  expectedCalibrationError: number | undefined;
}

/** The reliability diagram of `grades` in `binCount` equal bins (10 unless given). */
export function reliabilityDiagram(grades: readonly ConfidentGrade[], binCount = 10): ReliabilityDiagram {
  if (!Number.isInteger(binCount) || binCount < 1) throw new RangeError(`bins must be a whole number ≥ 1`);
  const members: ConfidentGrade[][] = Array.from({ length: binCount }, () => []);
  for (const grade of grades) {
    if (!(grade.confidence >= 0 && grade.confidence <= 1)) {
      throw new RangeError(`a confidence lies from 0 to 1, not ${grade.confidence}`);
    }
    // The tiny nudge keeps a confidence on an edge in the bin above despite rounding (0.29 · 100 is 28.999…).
    const index = Math.min(Math.floor(grade.confidence * binCount + 1e-9), binCount - 1);
    members[index]?.push(grade);
  }
  const bins = members.map((bin, index): CalibrationBin => {
    const mean = (values: number[]) =>
      bin.length > 0 ? values.reduce((sum, value) => sum + value, 0) / bin.length : undefined;
    return {
      low: index / binCount,
      high: (index + 1) / binCount,
      count: bin.length,
      meanConfidence: mean(bin.map((grade) => grade.confidence)),
      accuracy: mean(bin.map((grade) => (grade.correct ? 1 : 0))),
    };
  });
  const expectedCalibrationError =
    grades.length === 0
      ? undefined
      : bins.reduce(
          (sum, bin) =>
            sum + (bin.count / grades.length) * Math.abs((bin.accuracy ?? 0) - (bin.meanConfidence ?? 0)),
          0,
        );
  return { bins, expectedCalibrationError };
}
