// What the product knows of one agent CLI (Claude Code, Codex, Gemini CLI) that sits on a panel: its
// command, how it is run headless and read-only, the variables it needs, how its JSON output is read,
// how to tell it is signed in and the command that signs it in. Each CLI's vendor folder writes one.

/** The answer one CLI call printed, with the tokens it reports. */
export interface CliAnswer {
  text: string;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  cachedInputTokens?: number | undefined;
  reasoningTokens?: number | undefined;
}

/** What a CLI printed when it did not answer: its own message. */
export interface CliFailure {
  failure: string;
}

/** One agent CLI. */
export interface AgentCliSpec {
  /** Its command on PATH: "claude", "codex", "gemini". */
  command: string;
  /** The clientInfo name it sends as an MCP client, so it is left off the panels it asks. */
  clientName: RegExp;
  /** Its npm package, for the command that installs it. */
  packageName: string;
  /** How to sign it in, as a user is told: 'run "codex login"'. */
  signIn: string;
  /** The model ids it offers; "default" is whatever model it is set to use. */
  models: readonly string[];
  /** How panels and results name it: "Codex CLI (your ChatGPT plan)". */
  displayName: string;
  /** Tokens one request may hold, as its default model takes them. */
  contextWindow: number;
  /** The variables it needs besides PATH, HOME and the locale: a name, or a prefix ending in "_". */
  variables: readonly string[];
  /** Its headless, read-only arguments for `modelId` ("default": none), the prompt coming on stdin. */
  arguments(call: { modelId: string; workspace: boolean }): string[];
  /** Its answer or its failure in `stdout`; throws when `stdout` is not the JSON it prints. */
  read(stdout: string): CliAnswer | CliFailure;
  /** Whether its credentials are in `home` or `environment` (files and variables only; nothing runs). */
  signedIn(home: string, environment: Record<string, string | undefined>): boolean;
}
