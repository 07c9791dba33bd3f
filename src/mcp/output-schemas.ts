// The tools' output schemas, loaded and built once per process and shared by every server instance
// (HTTP builds one per request). The two contract schemas are the seeds; the others are ours. Each is
// built at its first use (a tools/list or a call), not at start: a start answers `initialize` without.

import { readFileSync } from "node:fs";
import { z } from "zod";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

function loadSchema(fileName: string): JsonSchema {
  return JSON.parse(readFileSync(new URL(`../../schemas/${fileName}`, import.meta.url), "utf8"));
}

/**
 * The seed's `agent.second_opinion` schema as advertised. One change: the seed types the synthesis'
 * `sources` items as `true` (anything), which strict clients such as the Inspector's `--strict` reject;
 * it is advertised as the citation object the server always returns there. Every result still
 * validates against the seed itself, which the tests check.
 */
function advertisedSecondOpinionSchema(): JsonSchema {
  const schema = loadSchema("agent-second-opinion.schema.json");
  const definitions = schema.definitions as {
    modelOpinion: { properties: { citations: { items: JsonSchema } } };
    synthesis: { properties: { sources: JsonSchema } };
  };
  definitions.synthesis.properties.sources.items = definitions.modelOpinion.properties.citations.items;
  return schema;
}

const storedMessage = z.object({
  id: z.string().min(1),
  conversationId: z.string().min(1),
  role: z.enum(["user", "assistant", "system"]),
  content: z.string(),
  userId: z.string().nullable(),
  sequence: z.number().int().min(1),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

const persistenceStatus = z.object({
  userMessageSaved: z.boolean(),
  assistantMessageSaved: z.boolean(),
  userMessageId: z.string().nullable(),
  assistantMessageId: z.string().nullable(),
  error: z.string().nullable(),
});

const conversationSummary = z.object({
  id: z.string().min(1),
  title: z.string().nullable(),
  messageCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessagePreview: z.string().nullable(),
});

const reply = z.looseObject({
  model: z.string().min(1),
  modelId: z.string(),
  modelDisplayName: z.string(),
  response: z.string(),
  latencyMs: z.number().min(0),
});

const windowUsage = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int().min(0),
  resetsAt: z.string().nullable(),
});

const modelDescription = z.object({
  name: z.string().min(1),
  provider: z.string().min(1),
  modelId: z.string().min(1),
  displayName: z.string(),
  available: z.boolean(),
  reason: z.string().optional(),
  pricing: z
    .object({
      inputPerMillion: z.number().min(0),
      outputPerMillion: z.number().min(0),
      cachedInputPerMillion: z.number().min(0).optional(),
      webSearchPerThousand: z.number().min(0).optional(),
      requestPerThousand: z.number().min(0).optional(),
      tierAboveInputTokens: z.number().int().min(0).optional(),
      source: z.enum(["price-data", "config"]),
    })
    .nullable(),
  deprecated: z.boolean(),
  webSearch: z.boolean(),
  alwaysSearches: z.boolean(),
  reasons: z.boolean(),
  reasoning: z.enum(["off", "low", "medium", "high"]).optional(),
  reads: z.array(z.string()),
  contextWindow: z.number().int().positive(),
});

const priceData = z.object({
  source: z.enum(["bundled", "refreshed"]),
  date: z.string(),
  packageVersion: z.string(),
  refreshUrl: z.string().optional(),
  refreshError: z.string().optional(),
});

const panelDescription = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  models: z.array(z.string().min(1)),
  primary: z.string().min(1),
  synthesisModel: z.string().min(1).optional(),
  maxOpinions: z.number().int().min(0).optional(),
  hedge: z.boolean(),
  available: z.boolean(),
  unavailableModels: z.array(z.string().min(1)),
  estimatedCostUsd: z.number().min(0).optional(),
});

const jsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: "output" }) as JsonSchema;

/** An object whose property `name` is `builders[name]()`, called at the property's first read. */
function builtOnFirstUse<Name extends string>(
  builders: Record<Name, () => JsonSchema>,
): { readonly [Key in Name]: JsonSchema } {
  const built = new Map<Name, JsonSchema>();
  const schemas = {} as Record<Name, JsonSchema>;
  for (const name of Object.keys(builders) as Name[]) {
    Object.defineProperty(schemas, name, {
      enumerable: true,
      get() {
        let schema = built.get(name);
        if (schema === undefined) {
          schema = builders[name]();
          built.set(name, schema);
        }
        return schema;
      },
    });
  }
  return schemas;
}

/** Output schemas of every tool, as JSON Schema. */
export const outputSchemas = builtOnFirstUse({
  secondOpinion: advertisedSecondOpinionSchema,
  history: () => loadSchema("conversation-get-history.schema.json"),
  sendMessage: () =>
    jsonSchema(
      z.object({
        conversationId: z.string().min(1),
        conversationCreated: z.boolean(),
        conversationTitle: z.string().nullable(),
        reply,
        userMessage: storedMessage.nullable(),
        assistantMessage: storedMessage.nullable(),
        persistenceStatus,
      }),
    ),
  list: () =>
    jsonSchema(
      z.object({
        conversations: z.array(conversationSummary),
        hasMore: z.boolean(),
        nextCursor: z.string().nullable(),
      }),
    ),
  delete: () =>
    jsonSchema(
      z.object({
        conversationId: z.string().min(1),
        deleted: z.literal(true),
        messagesDeleted: z.number().int().min(0),
      }),
    ),
  search: () =>
    jsonSchema(
      z.object({
        query: z.string(),
        results: z.array(
          z.object({
            conversationId: z.string().min(1),
            title: z.string().nullable(),
            updatedAt: z.string(),
            messageId: z.string().min(1),
            role: z.enum(["user", "assistant", "system"]),
            snippet: z.string(),
            score: z.number(),
          }),
        ),
      }),
    ),
  usage: () =>
    jsonSchema(
      z.object({
        userId: z.string().min(1),
        tier: z.string().min(1),
        requests: z.object({ hour: windowUsage, day: windowUsage }),
        spend: z.object({
          todayUsd: z.number().min(0),
          heldUsd: z.number().min(0).describe("What running calls hold of the daily budget now."),
          dailyBudgetUsd: z.number().nullable(),
          resetsAt: z.string(),
        }),
        unpricedModels: z.enum(["allow", "refuse"]),
      }),
    ),
  models: () =>
    jsonSchema(z.object({ models: z.array(modelDescription), panels: z.array(panelDescription), priceData })),
});
