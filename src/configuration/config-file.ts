// The optional JSON config file (--config or AI_UNIVERSE_CONFIG): its schema and a loader whose
// errors name the path, the field and what is wrong.

import { readFileSync } from "node:fs";
import { z } from "zod";
import { attachmentKinds, providerKinds, reasoningLevels } from "../providers/model-entry.ts";
import { authSchema, tierSchema } from "./access.ts";
import { ConfigurationError } from "./configuration-error.ts";
import { panelNamePattern, panelSchema } from "./panels.ts";

/**
 * How tool names are listed: `portable` (the default) spells them with only letters, digits, `_` and
 * `-` (`agent_second_opinion`), which every client and model API accepts; `dotted` lists the contract's
 * names (`agent.second_opinion`). Calls accept both spellings either way.
 */
export const toolNameStyles = ["portable", "dotted"] as const;
export type ToolNameStyle = (typeof toolNameStyles)[number];

/** The accepted spellings of each style: `standard` is the earlier name of `dotted`. */
export const toolNameStyleNames: Readonly<Record<string, ToolNameStyle>> = {
  portable: "portable",
  dotted: "dotted",
  standard: "dotted",
};

const modelSchema = z
  .object({
    provider: z.enum(providerKinds).optional(),
    modelId: z.string().min(1).optional(),
    displayName: z.string().min(1).optional(),
    inputPricePerMillion: z.number().nonnegative().optional(),
    outputPricePerMillion: z.number().nonnegative().optional(),
    contextWindow: z.number().int().positive().optional(),
    webSearch: z.boolean().optional(),
    alwaysSearches: z.boolean().optional(),
    reasons: z.boolean().optional(),
    reads: z.array(z.enum(attachmentKinds)).optional(),
    reasoning: z.enum(reasoningLevels).optional(),
    baseURL: z.url().optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, "must be an environment variable name")
      .optional(),
  })
  .strict();

const defaultsSchema = z
  .object({
    primary: z.string().min(1).optional(),
    secondaries: z.array(z.string().min(1)).optional(),
    synthesis: z.string().min(1).optional(),
    maxOpinions: z.number().int().min(0).max(8).optional(),
    modelDeadlineMs: z.number().int().min(1000).max(900_000).optional(),
    requestDeadlineMs: z.number().int().min(1000).max(3_600_000).optional(),
    maxRetries: z.number().int().min(0).max(10).optional(),
    answerWithinMs: z.number().int().min(5000).max(3_600_000).optional(),
    maxAnswerBytes: z.number().int().min(1024).max(16_777_216).optional(),
  })
  .strict();

/** The config file's schema. */
export const configFileSchema = z
  .object({
    $schema: z.string().optional(),
    models: z
      .record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "model names are lowercase"), modelSchema)
      .optional(),
    defaults: defaultsSchema.optional(),
    toolNames: z.enum(Object.keys(toolNameStyleNames) as [string, ...string[]]).optional(),
    conformanceTools: z.boolean().optional(),
    confirmAboveUsd: z.union([z.number().nonnegative(), z.literal("off")]).optional(),
    clientTimeLimits: z.record(z.string().min(2).max(100), z.number().int().min(10).max(3600)).optional(),
    auth: authSchema.optional(),
    tiers: z
      .record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "tier names are lowercase"), tierSchema)
      .optional(),
    panels: z
      .record(
        z.string().regex(panelNamePattern, "panel names are lowercase words joined by hyphens"),
        panelSchema,
      )
      .optional(),
  })
  .strict();

export type ConfigFile = z.infer<typeof configFileSchema>;

export { ConfigurationError };

/** Reads and validates the config file at `path`. Throws ConfigurationError. */
export function loadConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigurationError(`Config file ${path} cannot be read: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = configFileSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap((issue) => describeIssue(issue, []));
    throw new ConfigurationError(`Config file ${path} is invalid:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

/**
 * One line per problem. A value that fits none of a union's shapes is reported by the one shape it
 * resembles (the only one with problems inside the value), so `hedge.after: 1.5` names `after`; a bad
 * record key by what is wrong with it.
 */
function describeIssue(issue: z.core.$ZodIssue, base: PropertyKey[]): string[] {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union") {
    const resembled = issue.errors.filter((branch) => branch.some((inner) => inner.path.length > 0));
    const [only] = resembled;
    if (resembled.length === 1 && only) return only.flatMap((inner) => describeIssue(inner, path));
  }
  const field = path.length > 0 ? path.map(String).join(".") : "(top level)";
  // A bad record key ("Invalid key in record") says why through its own issues.
  const message =
    issue.code === "invalid_key" ? issue.issues.map((inner) => inner.message).join("; ") : issue.message;
  return [`  - ${field}: ${message}`];
}
