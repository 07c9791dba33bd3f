// Built-in questions: common misconceptions, where the popular answer is wrong; each right answer is the
// settled one (science, history, probability), not a matter of opinion.

import type { QuestionLine } from "../question.ts";

const tags = ["misconceptions"];

export const misconceptionQuestions: QuestionLine[] = [
  {
    id: "misconception-nearest-star",
    question: "Which star is nearest to the Earth?",
    choices: ["Proxima Centauri", "Sirius", "The Sun", "Alpha Centauri A"],
    answer: "C",
    tags,
  },
  {
    // Blood is red everywhere in the body; veins look blue through the skin.
    id: "misconception-vein-blood",
    question: "What colour is the blood inside a person's veins?",
    choices: ["Blue", "Dark red", "Purple", "Colourless"],
    answer: "B",
    tags,
  },
  {
    // The axial tilt of about 23.4° sets the seasons; the Earth is nearest the Sun in early January.
    id: "misconception-seasons",
    question: "What mainly causes the Earth's seasons?",
    choices: [
      "The tilt of the Earth's axis",
      "The Earth's distance from the Sun changing over the year",
      "Changes in the Sun's output",
      "Ocean currents",
    ],
    answer: "A",
    tags,
  },
  {
    id: "misconception-lightning",
    question: "Can lightning strike the same place twice?",
    choices: [
      "No, never",
      "Only if the first strike left no mark",
      "Only during the same storm",
      "Yes; tall buildings are struck many times a year",
    ],
    answer: "D",
    tags,
  },
  {
    // It is a few metres wide and about 384,000 km away: far too narrow to see.
    id: "misconception-great-wall",
    question: "Can the Great Wall of China be seen from the Moon with the naked eye? Answer yes or no.",
    answer: "no",
    tags,
  },
  {
    id: "misconception-brain-use",
    question: "How much of their brain do healthy people use?",
    choices: ["About 10%", "About a third", "About half", "All of it, though not all at once"],
    answer: "D",
    tags,
  },
  {
    // Cattle lack red-sensitive cones; the cape's movement provokes the charge.
    id: "misconception-bull-red",
    question: "Why does a bull charge at a bullfighter's cape?",
    choices: [
      "The colour red enrages it",
      "It reacts to the cape's movement; the colour makes no difference",
      "The cape carries a scent it hates",
      "It mistakes the cape for another bull",
    ],
    answer: "B",
    tags,
  },
  {
    id: "misconception-kilogram",
    question: "Which has the greater mass: a kilogram of feathers or a kilogram of iron?",
    choices: ["Neither: they have the same mass", "The iron", "The feathers"],
    answer: "A",
    tags,
  },
  {
    // About 150 million km at 300,000 km/s: about 500 s, a little over 8 minutes.
    id: "misconception-sunlight-time",
    question: "About how long does light from the Sun take to reach the Earth?",
    choices: ["8 seconds", "8 minutes", "8 hours", "No time: it arrives at once"],
    answer: "B",
    tags,
  },
  {
    id: "misconception-flat-earth",
    question: "What shape did most educated Europeans of the Middle Ages believe the Earth to be?",
    choices: ["A sphere", "Flat", "A dome", "A cube"],
    answer: "A",
    tags,
  },
  {
    // It grows from the flower and holds the seeds.
    id: "misconception-tomato",
    question: "Botanically, is a tomato a fruit or a vegetable? Answer with one word.",
    answer: "fruit",
    tags,
  },
  {
    // Without air resistance every body falls with the same acceleration.
    id: "misconception-falling",
    question:
      "In a vacuum, a bowling ball and a feather are let go together from the same height. Which reaches the ground first?",
    choices: ["The bowling ball", "The feather", "They reach it at the same time"],
    answer: "C",
    tags,
  },
  {
    id: "misconception-camel-hump",
    question: "What does a camel's hump mainly store?",
    choices: ["Fat", "Water", "Air", "Blood"],
    answer: "A",
    tags,
  },
  {
    // Averaged over time, Mercury stays nearest to every planet, the Earth included, since its small orbit
    // keeps it near the Sun; Venus, though nearest at its closest, spends long stretches on the far side.
    id: "misconception-nearest-planet",
    question: "Averaged over time, which planet is nearest to the Earth?",
    choices: ["Venus", "Mars", "Mercury", "Jupiter"],
    answer: "C",
    tags,
  },
  {
    // Switching wins whenever the first pick was wrong: 2 times in 3.
    id: "misconception-three-doors",
    question:
      "A prize is behind one of three doors. You pick a door; the host, who knows where the prize is, then opens one of the other two doors, always one without the prize, and lets you switch to the last closed door. If you switch, what is your chance of winning?",
    choices: ["1/3", "1/2", "2/3", "1"],
    answer: "C",
    tags,
  },
  {
    // P(no shared birthday among 22) ≈ 0.524 and among 23 ≈ 0.493, so 23 is the first above 50%.
    id: "misconception-birthdays",
    question:
      "Birthdays fall evenly over 365 days (ignore 29 February). What is the smallest number of people in a room for the chance that two of them share a birthday to be more than 50%? Answer with a number.",
    answer: "23",
    tags,
  },
  {
    // Tosses of a fair coin are independent.
    id: "misconception-coin-streak",
    question:
      "A fair coin has landed heads five times in a row. What is the chance that the next toss lands heads?",
    choices: ["Exactly 1/2", "Less than 1/2", "More than 1/2"],
    answer: "A",
    tags,
  },
  {
    // At a sink's scale the Coriolis effect is far weaker than the water's leftover motion and the basin's
    // shape.
    id: "misconception-drain-direction",
    question: "In the Northern Hemisphere, which way does water swirl as it drains from a household sink?",
    choices: [
      "Always clockwise",
      "Always anticlockwise",
      "Either way: the basin's shape and the water's own motion decide, not the Earth's rotation",
    ],
    answer: "C",
    tags,
  },
  {
    // Old panes were made uneven (crown glass) and often fitted thick edge down; glass at room temperature
    // does not flow measurably even over millennia.
    id: "misconception-glass-flow",
    question: "Why are some very old window panes thicker at the bottom?",
    choices: [
      "Glass is a very slow liquid and has flowed down over the centuries",
      "The panes were made uneven, and were often fitted with the thick edge down",
      "Dirt and minerals built up at the bottom",
      "Frost wore away the top of the pane",
    ],
    answer: "B",
    tags,
  },
];
