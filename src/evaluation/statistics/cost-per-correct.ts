// What a right answer costs: the whole cost of a strategy's run over the questions, wrong answers
// included, divided by how many answers were right. Undefined when none was right.

/** One graded answer and what it cost, in US dollars. */
export interface CostedGrade {
  costUsd: number;
  correct: boolean;
}

/** The total cost, the right answers, and the cost of each right answer. */
export interface CostPerCorrect {
  totalCostUsd: number;
  correct: number;
  costPerCorrectUsd: number | undefined;
}

/** The cost per right answer over `grades`. */
export function costPerCorrect(grades: readonly CostedGrade[]): CostPerCorrect {
  const totalCostUsd = grades.reduce((sum, grade) => sum + grade.costUsd, 0);
  const correct = grades.filter((grade) => grade.correct).length;
  return { totalCostUsd, correct, costPerCorrectUsd: correct > 0 ? totalCostUsd / correct : undefined };
}
