// Two strategies graded on the same questions, compared question by question rather than by their two
// accuracies alone: of the questions the baseline got wrong, how many the candidate got right (the fix
// rate), and of those the baseline got right, how many the candidate got wrong (the break rate):
//   fix rate   = fixed  / (fixed + both wrong)    fixed:  baseline wrong, candidate right
//   break rate = broken / (broken + both right)   broken: baseline right, candidate wrong
// each with its 95% Wilson interval; a rate is undefined when the baseline got none wrong (or right).

import { type Proportion, proportion } from "./proportion.ts";

/** One question's grades under both strategies. */
export interface PairedGrade {
  baseline: boolean;
  candidate: boolean;
}

/** The four counts of a paired comparison and the two rates. */
export interface PairedComparison {
  questions: number;
  bothRight: number;
  bothWrong: number;
  fixed: number;
  broken: number;
  fixRate: Proportion | undefined;
  breakRate: Proportion | undefined;
}

/** Compares the candidate with the baseline over `grades`, one entry per question both answered. */
export function pairedComparison(grades: readonly PairedGrade[]): PairedComparison {
  const count = (baseline: boolean, candidate: boolean) =>
    grades.filter((grade) => grade.baseline === baseline && grade.candidate === candidate).length;
  const bothRight = count(true, true);
  const bothWrong = count(false, false);
  const fixed = count(false, true);
  const broken = count(true, false);
  return {
    questions: grades.length,
    bothRight,
    bothWrong,
    fixed,
    broken,
    fixRate: proportion(fixed, fixed + bothWrong),
    breakRate: proportion(broken, broken + bothRight),
  };
}
