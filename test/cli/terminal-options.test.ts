// The council's flags of `ask` and `chat` (--panel, --review, --stance, --rounds, --strategy), web
// search and reasoning (--web-search, --reasoning) and ask's answer-by time (--answer-within) as the
// consultation's input, and the words a mistyped one gets.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CommandLineError, helpText, parseCommandLine } from "../../src/cli/command-line.ts";

const consultationOf = (argv: string[]) => {
  const command = parseCommandLine(argv, {});
  return "options" in command ? command.options.terminal?.consultation : undefined;
};

describe("the council's flags", () => {
  it("become the review, the stances, the rounds and the panel of the consultation", () => {
    assert.deepEqual(
      consultationOf([
        "ask",
        "Ship it?",
        "--review",
        "--rounds",
        "2",
        "--stance",
        "grok=against",
        "--stance",
        "gemini=for",
        "--panel",
        "deep",
      ]),
      { panel: "deep", review: true, rounds: 2, stances: { grok: "against", gemini: "for" } },
    );
    assert.deepEqual(consultationOf(["chat", "--stance", "claude=neutral"]), {
      stances: { claude: "neutral" },
    });
    assert.deepEqual(consultationOf(["ask", "Plain?"]), {});
    assert.deepEqual(consultationOf(["ask", "Cheap?", "--strategy", "adaptive"]), { strategy: "adaptive" });
    assert.deepEqual(consultationOf(["ask", "Which?", "--strategy", "AUTO"]), { strategy: "auto" });
    assert.match(
      helpText("ask"),
      /--strategy adaptive +Ask the two cheapest models of different vendors first/,
    );
  });

  it("says what to type for a bad side or a bad number of rounds", () => {
    assert.throws(
      () => parseCommandLine(["ask", "q", "--stance", "grok=sideways"], {}),
      (error: unknown) =>
        error instanceof CommandLineError &&
        /--stance "grok=sideways" is not MODEL=SIDE with SIDE for, against or neutral/.test(error.message),
    );
    assert.throws(() => parseCommandLine(["ask", "q", "--stance", "grok"], {}), CommandLineError);
    assert.throws(
      () => parseCommandLine(["ask", "q", "--strategy", "cheapest"], {}),
      (error: unknown) =>
        error instanceof CommandLineError &&
        /--strategy "cheapest" is not a strategy: use full, adaptive or auto/.test(error.message),
    );
    assert.throws(
      () => parseCommandLine(["ask", "q", "--rounds", "4"], {}),
      (error: unknown) =>
        error instanceof CommandLineError && /--rounds "4" is not a number from 1 to 3/.test(error.message),
    );
  });
});

describe("web search and reasoning", () => {
  it("become webSearch and reasoning in ask and chat", () => {
    assert.deepEqual(consultationOf(["ask", "Latest Node LTS?", "--web-search", "--reasoning", "high"]), {
      webSearch: true,
      reasoning: "high",
    });
    assert.deepEqual(consultationOf(["chat", "--reasoning", "OFF"]), { reasoning: "off" });
    assert.match(helpText("ask"), /--web-search .*\n {2}--reasoning LEVEL .*off, low, medium, high/);
    assert.match(helpText("chat"), /--reasoning LEVEL/);
  });

  it("refuses a level that is not one, naming the levels", () => {
    assert.throws(
      () => parseCommandLine(["ask", "q", "--reasoning", "banana"], {}),
      (error: unknown) =>
        error instanceof CommandLineError &&
        /^--reasoning "banana" is not a reasoning level: use off, low, medium or high/.test(error.message),
    );
  });
});

describe("ask's answer-by time", () => {
  it("becomes answerWithinSeconds, from 5 to 3600 seconds", () => {
    assert.deepEqual(consultationOf(["ask", "Slow?", "--answer-within", "30"]), { answerWithinSeconds: 30 });
    assert.match(helpText("ask"), /--answer-within SECS/);
    assert.throws(
      () => parseCommandLine(["ask", "q", "--answer-within", "2"], {}),
      (error: unknown) =>
        error instanceof CommandLineError &&
        /--answer-within "2" is not a number from 5 to 3600/.test(error.message),
    );
    assert.throws(
      () => parseCommandLine(["ask", "q", "--answer-within", "1e400"], {}),
      (error: unknown) =>
        error instanceof CommandLineError &&
        /^--answer-within "1e400" is too large: give a number from 5 to 3600\. /.test(error.message),
    );
  });
});
