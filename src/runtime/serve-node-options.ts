// The Node options and environment variables `ai-universe serve` runs with, chosen by its memory profile
// (AI_UNIVERSE_MEMORY), and the re-execution that gives them to a server started without them. V8 and
// glibc read them only as the process starts, so `serve` re-executes itself with the ones it lacks
// (process.execve: same pid, so signals, Ctrl-C and supervisors are unaffected) before it loads anything
// else. It cannot where Node has no process.execve (Windows, Node 22.13 and 22.14) or under a parent that
// talks to it over IPC (the channel would not survive); there it runs as it was started, and says so when
// the lean profile (the default) lacks its options. Loaded before the command line's parser: nothing here
// imports the application.

/**
 * How `serve` spends memory against CPU:
 * - `lean` (the default): V8's memory reducer off (below), a young generation of 8 MB a half (V8's
 *   default here is 64) and an old generation that grows by half past what a collection kept (V8's
 *   default lets it grow up to fourfold), and one malloc arena (`memoryProfileVariables`): 1,000
 *   consultations in flight peak near 400 MB, for about a third more CPU per consultation than `fast`,
 *   still within 1.3 times the AI-SDK floor's.
 * - `fast`: only the memory reducer off, whose heap shrinking after 8 s of quiet made the next burst cost
 *   twice the CPU (the server gives memory back itself after 30 s of quiet: memory-release.ts). The same
 *   1,000 peak at about 600 MB. Measured with bench/; docs/operations.md, "Memory profiles".
 */
export const memoryProfiles = {
  lean: ["--no-memory-reducer", "--max-semi-space-size=8", "--heap-growing-percent=50"],
  fast: ["--no-memory-reducer"],
} as const satisfies Record<string, readonly string[]>;

export type MemoryProfile = keyof typeof memoryProfiles;

/**
 * The environment variables of each profile, taken only where the environment does not set them. Lean's
 * `MALLOC_ARENA_MAX=1` gives glibc's malloc one arena rather than one per thread: V8's helper threads'
 * arenas held 30 to 40 MB of 1,000 consultations' peak, and one arena took it down by 20 to 25 MB (glibc
 * only; musl ignores it). docs/scale.md, "Memory profiles".
 */
export const memoryProfileVariables: Record<MemoryProfile, Readonly<Record<string, string>>> = {
  lean: { MALLOC_ARENA_MAX: "1" },
  fast: {},
};

/** The variable that picks the memory profile. */
export const memoryVariable = "AI_UNIVERSE_MEMORY";

/** The profile `serve` runs with when the variable is unset or empty. */
export const defaultMemoryProfile: MemoryProfile = "lean";

/** The profile `environment` asks for; undefined when it names none of them (see `memoryProfileError`). */
export function memoryProfileOf(environment: NodeJS.ProcessEnv): MemoryProfile | undefined {
  const value = environment[memoryVariable]?.trim().toLowerCase() || defaultMemoryProfile;
  return Object.hasOwn(memoryProfiles, value) ? (value as MemoryProfile) : undefined;
}

/** What is wrong with the environment's memory profile, or undefined when it names one. */
export function memoryProfileError(environment: NodeJS.ProcessEnv): string | undefined {
  if (memoryProfileOf(environment)) return undefined;
  return `${memoryVariable} is "${environment[memoryVariable]}": use "lean" (the default: least memory) or "fast" (least CPU per call, at about half again the memory).`;
}

/** The Node options `serve` runs with under `environment` (the default profile's when it names none). */
export function serveNodeOptions(environment: NodeJS.ProcessEnv): readonly string[] {
  return memoryProfiles[memoryProfileOf(environment) ?? defaultMemoryProfile];
}

/** The options of `serveNodeOptions(environment)` this process was not started with. */
export function missingServeOptions(environment: NodeJS.ProcessEnv): string[] {
  return serveNodeOptions(environment).filter((option) => !process.execArgv.includes(option));
}

/** The variables of the profile `environment` asks for that it does not set itself (none where it names none). */
export function missingServeVariables(environment: NodeJS.ProcessEnv): Record<string, string> {
  const profile = memoryProfileOf(environment);
  const variables = profile ? memoryProfileVariables[profile] : {};
  return Object.fromEntries(Object.entries(variables).filter(([name]) => !environment[name]));
}

/** `environment` with the variables of its profile it lacks: what a server spawned with it should get. */
export function withServeVariables(environment: Record<string, string>): Record<string, string> {
  return { ...environment, ...missingServeVariables(environment) };
}

/**
 * Re-executes this process with the Node options and variables `serve` lacks, when it can: it does not return then.
 * Otherwise (nothing lacking, no process.execve, an IPC parent) it returns and the process goes on; so it
 * does on an unknown profile, which `serve` refuses as it starts.
 */
export function reexecuteForServe(): void {
  if (!memoryProfileOf(process.env)) return;
  const missing = missingServeOptions(process.env);
  const variables = missingServeVariables(process.env);
  if (missing.length === 0 && Object.keys(variables).length === 0) return;
  if (process.platform === "win32" || process.channel || typeof process.execve !== "function") return;
  const argv = [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)];
  process.execve(process.execPath, argv, { ...process.env, ...variables });
}
