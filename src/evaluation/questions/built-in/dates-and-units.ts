// Built-in questions: calendar arithmetic and units, each with one exact answer; dates are asked for as
// YYYY-MM-DD and times as HH:MM, so an answer has one way to be written.

import type { QuestionLine } from "../question.ts";

const dates = ["dates-and-units", "dates"];
const units = ["dates-and-units", "units"];

export const datesAndUnitsQuestions: QuestionLine[] = [
  {
    // 2100 is divisible by 100 but not by 400, so it is not a leap year.
    id: "dates-february-2100",
    question: "How many days are there in February 2100? Answer with a number.",
    answer: "28",
    tags: dates,
  },
  {
    // Divisible by 400, so a leap year.
    id: "dates-leap-2000",
    question: "Is the year 2000 a leap year? Answer yes or no.",
    answer: "yes",
    tags: dates,
  },
  {
    // 16 days reach 31 January, 14 more reach 14 February.
    id: "dates-30-days-after",
    question: "What date is 30 days after 2024-01-15? Give the date as YYYY-MM-DD.",
    answer: "2024-02-14",
    tags: dates,
  },
  {
    id: "dates-weekday-2000",
    question: "On which day of the week did 1 January 2000 fall? Answer with the day's name.",
    answer: "Saturday",
    tags: dates,
  },
  {
    // 100 = 14 · 7 + 2: two days after Wednesday.
    id: "dates-100-days-on",
    question:
      "Today is a Wednesday. What day of the week will it be 100 days from today? Answer with the day's name.",
    answer: "Friday",
    tags: dates,
  },
  {
    // 31 (January) + 28 (February) + 31 (March) = 90, and 10 days into April.
    id: "dates-100th-day",
    question: "What date is the 100th day of the year 2023? Give the date as YYYY-MM-DD.",
    answer: "2023-04-10",
    tags: dates,
  },
  {
    // From 1 March: 30 to 31 March, then 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 = 244 to 30 November,
    // 274 in all, and 25 more to 25 December: 299.
    id: "dates-days-between",
    question: "How many days after 2023-03-01 is 2023-12-25? Answer with a number.",
    answer: "299",
    tags: dates,
  },
  {
    // The 21st century runs from 2001 to 2100.
    id: "dates-century-end",
    question: "In which year is the last day of the 21st century? Answer with a number.",
    answer: "2100",
    tags: dates,
  },
  {
    // 1,000,000,000 s is 11,574 days and 6,400 s after 1970-01-01, which is 2001-09-09 at 01:46:40 UTC.
    id: "dates-unix-billion",
    question:
      "On which date, in UTC, did Unix time reach 1,000,000,000 seconds? Give the date as YYYY-MM-DD.",
    answer: "2001-09-09",
    tags: dates,
  },
  {
    // 22:45 + 2:30 = 25:15, which is 01:15 the next day.
    id: "dates-time-past-midnight",
    question:
      "An event starts at 22:45 and lasts 2 hours and 30 minutes. At what time does it end? Give the time as HH:MM on a 24-hour clock.",
    answer: "01:15",
    tags: dates,
  },
  {
    id: "units-seconds-in-day",
    question: "How many seconds are there in one day? Answer with a number.",
    answer: "86400",
    tags: units,
  },
  {
    id: "units-centimetres",
    question: "How many centimetres are there in 3.5 metres? Answer with a number.",
    answer: "350",
    tags: units,
  },
  {
    id: "units-marathon-metres",
    question: "A marathon is 42.195 kilometres long. How many metres is that? Answer with a number.",
    answer: "42195",
    tags: units,
  },
  {
    // (100 − 32) · 5 / 9 = 37.8, which rounds to 38.
    id: "units-fahrenheit-to-celsius",
    question: "What is 100 °F in degrees Celsius, rounded to the nearest whole degree? Answer with a number.",
    answer: "38",
    tags: units,
  },
  {
    // F = 9C/5 + 32 = C when C = −40.
    id: "units-same-temperature",
    question:
      "At which temperature do the Celsius and Fahrenheit scales show the same number? Answer with a number.",
    answer: "-40",
    tags: units,
  },
  {
    id: "units-kibibyte",
    question: "How many bytes are there in one kibibyte (KiB)? Answer with a number.",
    answer: "1024",
    tags: units,
  },
  {
    // The SI prefix mega is 10^6; 1,048,576 is a mebibyte (MiB).
    id: "units-megabyte",
    question: "How many bytes are there in one megabyte (MB) as the SI prefix defines it?",
    choices: ["1,000,000", "1,048,576", "1,024,000", "1,000,024"],
    answer: "A",
    tags: units,
  },
  {
    // The international mile is 1.609344 km.
    id: "units-mile",
    question: "How many kilometres is one international mile, to three decimal places? Answer with a number.",
    answer: "1.609",
    tags: units,
  },
  {
    // 365 · 24 = 8,760.
    id: "units-hours-in-year",
    question: "How many hours are there in a year of 365 days? Answer with a number.",
    answer: "8760",
    tags: units,
  },
  {
    // 1,500 minutes is 25 hours; 100,000 seconds is 27.8 hours; 1 day is 24 hours.
    id: "units-longest-time",
    question: "Which of these lengths of time is the longest?",
    choices: ["1,500 minutes", "1 day", "26 hours", "100,000 seconds"],
    answer: "D",
    tags: units,
  },
];
