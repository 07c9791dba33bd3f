// The flags of `ai-universe eval`: the questions, the panel and the best single model, the strategies,
// the judges, the cost cap and the concurrency, resuming and listing runs, and the report's outputs;
// their help, and how they become the evaluation's input.

import { evaluationFormats, evaluationStrategies } from "../contract/evaluation.ts";
import { CommandLineError } from "./command-error.ts";
import { numberFlags } from "./number-flag.ts";

/** The parseArgs options `eval` adds (it shares --models, --panel, --max-cost, --limit, --json, --format). */
export const evalFlags = {
  questions: { type: "string" },
  tag: { type: "string", multiple: true },
  model: { type: "string" },
  samples: { type: "string" },
  judge: { type: "string", multiple: true },
  concurrency: { type: "string" },
  strategies: { type: "string" },
  resume: { type: "string" },
  new: { type: "boolean" },
  list: { type: "boolean" },
  html: { type: "string" },
  "per-question": { type: "boolean" },
} as const;

/** `eval`'s usage line and options. */
export const evalHelp = {
  usage: "ai-universe eval [--questions FILE|built-in] [options]   |   eval --resume ID   |   eval --list",
  options: `  --questions FILE       A question file, or built-in (the default: 99 questions with answers)
  --format NAME          The file's format: ${evaluationFormats.join(", ")} (default: told from the file)
  --limit N              Only the first N questions (after --tag)
  --tag T                Only the questions tagged T (repeatable: any of them)
  --models a,b,c         The panel, the first model primary (default: the default consultation's)
  --panel NAME           A named panel instead (ai-universe models lists them)
  --model M              The best single model (default: found by a first pass: each panel model
                         answers the first 10 questions with answers; most right, then cheapest)
  --samples N            How many times sampled-single asks the best model (2 to 9, default 3)
  --judge M              A judge of questions without a reference answer, outside the panel
                         (repeatable)
  --strategies LIST      Which to compare, comma-separated (default: all): best-single, sampled-single,
                         majority-vote, council, council-review, adaptive; best-single, the baseline,
                         is always run
  --max-cost USD         Most the whole run may spend (across resumes); it stops, status stopped,
                         before a call whose worst case would not fit
  --concurrency N        Requests at once to each provider (1 to 32, default 2)
  --resume ID            Resume run ID with its own settings (only --max-cost and --concurrency
                         may change). Without it, a run with the settings of an unfinished one
                         resumes that one
  --new                  Start a new run even when an unfinished one has the same settings
  --list                 List your runs, newest first
  --json                 Print the report as JSON (the EvaluationReport), nothing else on stdout
  --html FILE            Also write the report as a self-contained HTML page with its plots and
                         every question's answers
  --per-question         Also show each question with every strategy's answer, right or wrong, and
                         what it fixed or broke against the best single model (in the JSON: questions)`,
};

/** What `eval` was asked to do. */
export interface EvalOptions {
  /** List the runs instead of running one. */
  list: boolean;
  json: boolean;
  html?: string;
  /** Show each question's answers too (`--per-question`). */
  perQuestion: boolean;
  /** The evaluation's input (src/contract/evaluation.ts, evaluationRunInput). */
  input: Record<string, unknown>;
}

/** Reads `eval`'s options; throws CommandLineError naming the bad flag and what to give. */
export function readEvalOptions(values: Record<string, unknown>, positionals: string[]): EvalOptions {
  if (positionals.length > 0) throw new CommandLineError(`Unexpected argument "${positionals[0]}".`, "eval");
  const text = (name: string) => values[name] as string | undefined;
  const number = numberFlags(values, "eval");
  const list = (name: string) =>
    text(name)
      ?.split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  const format = text("format");
  if (format !== undefined && !(evaluationFormats as readonly string[]).includes(format)) {
    throw new CommandLineError(`--format "${format}" is not one of ${evaluationFormats.join(", ")}.`, "eval");
  }
  const strategies = list("strategies");
  const unknown = strategies?.filter((name) => !(evaluationStrategies as readonly string[]).includes(name));
  if (unknown && unknown.length > 0) {
    throw new CommandLineError(
      `--strategies: "${unknown[0]}" is not a strategy; choose from ${evaluationStrategies.join(", ")}.`,
      "eval",
    );
  }
  const tags = values.tag as string[] | undefined;
  const judges = values.judge as string[] | undefined;
  const input: Record<string, unknown> = {
    ...(text("questions") ? { questions: text("questions") } : {}),
    ...(format ? { format } : {}),
    ...(number("limit", 1, 1_000_000) !== undefined ? { limit: number("limit", 1, 1_000_000) } : {}),
    ...(tags && tags.length > 0 ? { tags } : {}),
    ...(list("models") ? { models: list("models") } : {}),
    ...(text("panel") ? { panel: text("panel") } : {}),
    ...(text("model") ? { model: text("model") } : {}),
    ...(number("samples", 2, 9) !== undefined ? { samples: number("samples", 2, 9) } : {}),
    ...(judges && judges.length > 0 ? { judges } : {}),
    ...(strategies ? { strategies } : {}),
    ...(number("max-cost", 0.000001, 100_000, false) !== undefined
      ? { maxCostUsd: number("max-cost", 0.000001, 100_000, false) }
      : {}),
    ...(number("concurrency", 1, 32) !== undefined ? { concurrency: number("concurrency", 1, 32) } : {}),
    ...(text("resume") ? { resume: text("resume") } : {}),
    ...(values.new === true ? { fresh: true } : {}),
  };
  const listing = values.list === true;
  const perQuestion = values["per-question"] === true;
  if (listing && (Object.keys(input).length > 0 || perQuestion)) {
    throw new CommandLineError("--list takes no other option but --json.", "eval");
  }
  const html = text("html");
  return { list: listing, json: values.json === true, perQuestion, ...(html ? { html } : {}), input };
}
