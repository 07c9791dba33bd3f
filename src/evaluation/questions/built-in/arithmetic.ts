// Built-in questions: arithmetic, each with one exact answer (worked out in the comment beside it where it
// takes more than a line of school arithmetic).

import type { QuestionLine } from "../question.ts";

const tags = ["arithmetic"];

export const arithmeticQuestions: QuestionLine[] = [
  { id: "arithmetic-17-times-23", question: "What is 17 × 23? Answer with a number.", answer: "391", tags },
  { id: "arithmetic-percent-of", question: "What is 15% of 240? Answer with a number.", answer: "36", tags },
  {
    // 80 · 1.25 = 100, and 100 · 0.8 = 80.
    id: "arithmetic-up-then-down",
    question:
      "A jacket costs $80. Its price goes up by 25%, and then the new price is cut by 20%. What is the final price, in dollars? Answer with a number.",
    answer: "80",
    tags,
  },
  {
    // 200 · 201 / 2 = 20,100.
    id: "arithmetic-sum-to-200",
    question: "What is the sum of all the whole numbers from 1 to 200? Answer with a number.",
    answer: "20100",
    tags,
  },
  {
    // 91 = 7 · 13, 93 = 3 · 31, 95 = 5 · 19, 92, 94 and 96 are even; 97 is prime.
    id: "arithmetic-prime-after-90",
    question: "What is the smallest prime number greater than 90? Answer with a number.",
    answer: "97",
    tags,
  },
  {
    // 84 = 2² · 3 · 7 and 126 = 2 · 3² · 7, so the GCD is 2 · 3 · 7 = 42.
    id: "arithmetic-gcd",
    question: "What is the greatest common divisor of 84 and 126? Answer with a number.",
    answer: "42",
    tags,
  },
  { id: "arithmetic-three-eighths", question: "Write 3/8 as a decimal number.", answer: "0.375", tags },
  {
    // pen p, notebook p + 2.00: 2p + 2.00 = 2.40, so p = 0.20.
    id: "arithmetic-pen-and-notebook",
    question:
      "A pen and a notebook cost $2.40 together. The notebook costs $2.00 more than the pen. How many cents does the pen cost? Answer with a number.",
    answer: "20",
    tags,
  },
  {
    // Each printer prints one page in 8 minutes, so 40 printers print 40 pages in 8 minutes.
    id: "arithmetic-printers",
    question:
      "If 8 printers take 8 minutes to print 8 pages, how many minutes do 40 printers take to print 40 pages? Answer with a number.",
    answer: "8",
    tags,
  },
  {
    // 37² = 1369.
    id: "arithmetic-square-root",
    question: "What is the square root of 1369? Answer with a number.",
    answer: "37",
    tags,
  },
  {
    // Factors of 5 in 25!: ⌊25/5⌋ + ⌊25/25⌋ = 5 + 1 = 6, and there are more factors of 2.
    id: "arithmetic-factorial-zeros",
    question:
      "How many zeros are at the end of 25! (25 factorial) written out in full? Answer with a number.",
    answer: "6",
    tags,
  },
  {
    // 2^30 = 1,073,741,824; 10^9 = 1,000,000,000; 3^19 = 1,162,261,467; 5^13 = 1,220,703,125.
    id: "arithmetic-largest-power",
    question: "Which of these numbers is the largest?",
    choices: ["2^30", "10^9", "3^19", "5^13"],
    answer: "D",
    tags,
  },
  {
    // 2³ = 8 leaves 1 when divided by 7, and 100 = 3 · 33 + 1, so 2^100 leaves 2^1 = 2.
    id: "arithmetic-power-remainder",
    question: "What is the remainder when 2^100 is divided by 7? Answer with a number.",
    answer: "2",
    tags,
  },
  {
    // 6 = 2 · 3, 8 = 2³, 15 = 3 · 5: the LCM is 2³ · 3 · 5 = 120.
    id: "arithmetic-lcm",
    question: "What is the least common multiple of 6, 8 and 15? Answer with a number.",
    answer: "120",
    tags,
  },
  {
    // 60 km at 30 km/h takes 2 h, 60 km at 60 km/h takes 1 h: 120 km in 3 h is 40 km/h.
    id: "arithmetic-average-speed",
    question:
      "A car drives 60 km at 30 km/h, then another 60 km at 60 km/h. What is its average speed over the whole 120 km?",
    choices: ["45 km/h", "40 km/h", "50 km/h", "48 km/h"],
    answer: "B",
    tags,
  },
  {
    // 91 = 7 · 13; 71, 83 and 97 are prime.
    id: "arithmetic-not-prime",
    question: "Which of these numbers is not prime?",
    choices: ["71", "83", "91", "97"],
    answer: "C",
    tags,
  },
  {
    // Each of the C(8, 2) = 8 · 7 / 2 = 28 pairs shakes hands once.
    id: "arithmetic-handshakes",
    question:
      "Eight people each shake hands exactly once with each of the others. How many handshakes take place? Answer with a number.",
    answer: "28",
    tags,
  },
  {
    id: "arithmetic-decimal-product",
    question: "What is 0.1 × 0.2? Answer with a decimal number.",
    answer: "0.02",
    tags,
  },
  {
    // It doubles every hour, so it was half full one hour before it was full.
    id: "arithmetic-doubling",
    question:
      "The bacteria in a dish double in number every hour, and the dish is full after 10 hours. After how many hours was it half full? Answer with a number.",
    answer: "9",
    tags,
  },
];
