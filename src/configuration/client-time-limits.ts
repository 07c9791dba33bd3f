// MCP clients known to give up on a tool call after a fixed time whatever progress they receive,
// recognised by the name they send at `initialize`. A call from one of them is answered before that
// time (see application/answer-by.ts). The config file's `clientTimeLimits` adds names or changes a limit.

/** A client's name (a case-insensitive part of it) and the seconds after which it gives up. */
export interface ClientTimeLimit {
  name: string;
  seconds: number;
  /** Where the limit is reported. */
  source: string;
}

/** The clients known today. */
export const knownClientTimeLimits: readonly ClientTimeLimit[] = [
  {
    name: "claude-ai",
    seconds: 60,
    source: "Claude Desktop and claude.ai connectors cut calls at 60 s (anthropics/claude-ai-mcp#115)",
  },
  {
    name: "cowork",
    seconds: 60,
    source: "Cowork times out whatever the progress (anthropics/claude-code#58687)",
  },
  { name: "copilot", seconds: 60, source: "Copilot CLI stops tool calls at 60 s (github/copilot-cli#2581)" },
];

/** The known limits with the config file's `clientTimeLimits` (name part → seconds) over them. */
export function clientTimeLimits(configured: Record<string, number> | undefined): ClientTimeLimit[] {
  const byName = new Map(knownClientTimeLimits.map((limit) => [limit.name, { ...limit }]));
  for (const [name, seconds] of Object.entries(configured ?? {})) {
    byName.set(name.toLowerCase(), { name: name.toLowerCase(), seconds, source: "config file" });
  }
  return [...byName.values()];
}

/** The limit of the client named `clientName`, if it is a known one. */
export function clientTimeLimitOf(
  limits: readonly ClientTimeLimit[],
  clientName: string | undefined,
): number | undefined {
  if (!clientName) return undefined;
  const name = clientName.toLowerCase();
  return limits.find((limit) => name.includes(limit.name))?.seconds;
}
