// How well a score (the synthesis's agreement score, say) tells right answers from wrong ones: the area
// under the ROC curve, computed as the Mann–Whitney statistic. Over every pair of one right and one wrong
// answer, the pair counts 1 when the right answer scores higher, ½ when the scores are equal and 0
// otherwise; AUROC is the mean over all pairs. 1 separates perfectly, 0.5 is chance. Undefined when every
// answer is right, or every one wrong. Computed by sorting, not by visiting every pair.

/** One answer's score and whether it was right. */
export interface ScoredGrade {
  score: number;
  correct: boolean;
}

/** The AUROC of `score` predicting `correct`; undefined when either class is empty. */
export function auroc(grades: readonly ScoredGrade[]): number | undefined {
  const right = grades.filter((grade) => grade.correct).length;
  const wrong = grades.length - right;
  if (right === 0 || wrong === 0) return undefined;
  const sorted = [...grades].sort((one, other) => one.score - other.score);
  let wrongBelow = 0;
  let credit = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end < sorted.length && sorted[end]?.score === sorted[start]?.score) end += 1;
    const group = sorted.slice(start, end);
    const rightInGroup = group.filter((grade) => grade.correct).length;
    const wrongInGroup = group.length - rightInGroup;
    credit += rightInGroup * (wrongBelow + wrongInGroup / 2);
    wrongBelow += wrongInGroup;
    start = end;
  }
  return credit / (right * wrong);
}
