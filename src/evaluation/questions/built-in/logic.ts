// Built-in questions: logic, each with one exact answer; where the reasoning takes more than a line, it is
// in the comment beside the question.

import type { QuestionLine } from "../question.ts";

const tags = ["logic"];

export const logicQuestions: QuestionLine[] = [
  {
    id: "logic-chain",
    question:
      "Every florp is a glim, and every glim is a stav. Must every florp be a stav? Answer yes or no.",
    answer: "yes",
    tags,
  },
  {
    // The doctors who run and the runners who write poems may be different people.
    id: "logic-some-some",
    question:
      "Some doctors are runners, and some runners are poets. Does it follow that some doctors are poets? Answer yes or no.",
    answer: "no",
    tags,
  },
  {
    // Tallest to shortest: Anna, Ben, Cara, Dev.
    id: "logic-second-shortest",
    question:
      "Anna is taller than Ben. Ben is taller than Cara. Cara is taller than Dev. Who is the second shortest? Answer with a name.",
    answer: "Cara",
    tags,
  },
  {
    // Modus tollens: had it rained, the match would have been cancelled.
    id: "logic-modus-tollens",
    question:
      "If it rains, the match is cancelled. The match was not cancelled. Did it rain? Answer yes or no.",
    answer: "no",
    tags,
  },
  {
    // Affirming the consequent: the match may have been cancelled for another reason.
    id: "logic-affirming-consequent",
    question:
      "If it rains, the match is cancelled. The match was cancelled. Does it follow that it rained? Answer yes or no.",
    answer: "no",
    tags,
  },
  {
    // Three marbles may all differ in colour; a fourth must repeat one.
    id: "logic-two-alike",
    question:
      "A bag holds 5 green, 7 yellow and 9 white marbles. Without looking, how many marbles must you take out to be sure of having two of the same colour? Answer with a number.",
    answer: "4",
    tags,
  },
  {
    // The worst case takes all 9 white and all 7 yellow first: 16, and the 17th must be green.
    id: "logic-one-of-each",
    question:
      "A bag holds 5 green, 7 yellow and 9 white marbles. Without looking, how many marbles must you take out to be sure of having at least one of each colour? Answer with a number.",
    answer: "17",
    tags,
  },
  {
    id: "logic-all-but",
    question:
      "A shelf holds 23 books. All but 8 are sold. How many books are left on the shelf? Answer with a number.",
    answer: "8",
    tags,
  },
  {
    // Were Pia truthful, her statement would make her a liar; so she lies, and since "both lie" is false,
    // Quin tells the truth.
    id: "logic-truth-tellers",
    question:
      'On an island, everyone either always tells the truth or always lies. Pia says: "Quin and I both always lie." Which is so?',
    choices: [
      "Both always lie",
      "Pia always tells the truth and Quin always lies",
      "Both always tell the truth",
      "Pia always lies and Quin always tells the truth",
    ],
    answer: "D",
    tags,
  },
  {
    // 1·2, 2·3, 3·4, 4·5, 5·6, then 6·7 = 42.
    id: "logic-sequence",
    question: "What is the next number in the sequence 2, 6, 12, 20, 30, ...? Answer with a number.",
    answer: "42",
    tags,
  },
  {
    // In red: red's and green's labels are both true. In blue: green's and blue's are both true. In green:
    // only blue's is true.
    id: "logic-three-boxes",
    question:
      'A key is in exactly one of three boxes: red, green and blue. Each box has a label, and exactly one of the three labels is true. Red: "The key is in this box." Green: "The key is not in this box." Blue: "The key is not in the red box." Which box holds the key? Answer with its colour.',
    answer: "green",
    tags,
  },
  {
    // You take the place of the runner you passed.
    id: "logic-overtaking",
    question:
      "In a race, you overtake the runner in second place. In which place are you now? Answer with a number.",
    answer: "2",
    tags,
  },
  {
    // "No A is B" and "no B is A" both say that nothing is both.
    id: "logic-converse-negative",
    question:
      'Is this statement true or false: "If no cats are dogs, then no dogs are cats." Answer true or false.',
    answer: "true",
    tags,
  },
  {
    // The contrapositive is the one equivalent: not locked implies not on.
    id: "logic-contrapositive",
    question: 'Which statement says the same as "If the light is on, the door is locked"?',
    choices: [
      "If the door is locked, the light is on",
      "If the light is off, the door is unlocked",
      "If the door is unlocked, the light is off",
      "The light is on and the door is locked",
    ],
    answer: "C",
    tags,
  },
  {
    // The box labelled "apples and oranges" holds one kind only; its fruit names it, and then the other
    // two wrong labels leave one way to relabel them.
    id: "logic-mislabelled-boxes",
    question:
      'Three boxes are labelled "apples", "oranges" and "apples and oranges", and every label is wrong. You may take one fruit from one box without looking inside. From which box should you take it to be able to label all three boxes correctly?',
    choices: [
      'The box labelled "apples"',
      'The box labelled "apples and oranges"',
      'The box labelled "oranges"',
      "No single fruit is enough",
    ],
    answer: "B",
    tags,
  },
  {
    // Units: 7, 17, ..., 97 is 10; tens: 70 to 79 is 10 (77 counted in both): 20.
    id: "logic-counting-sevens",
    question:
      "How many times is the digit 7 written when you write out all the whole numbers from 1 to 100? Answer with a number.",
    answer: "20",
    tags,
  },
  {
    id: "logic-third-daughter",
    question:
      "Noor's father has three daughters and no sons. The first two are called April and May. What is the third daughter's name? Answer with a name.",
    answer: "Noor",
    tags,
  },
];
