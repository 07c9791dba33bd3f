// The packages a feature needs that ai-universe does not install with itself (optional peer
// dependencies in package.json, left out of the bundle): the PostgreSQL client, the Redis client and
// OpenTelemetry. Only a team's server uses them, and together they would nearly quadruple the install
// that `npx -y ai-universe mcp` makes. A feature loads them at its first use; when one is missing, the
// start stops with one line naming the package and the command that installs it, instead of Node's
// module-resolution error.

import { ConfigurationError } from "./configuration-error.ts";

/** The packages of each optional feature: package.json's optional peer dependencies, all of them. */
export const optionalPackages = {
  postgres: ["pg"],
  redis: ["redis"],
  tracing: [
    "@opentelemetry/api",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/sdk-trace-base",
  ],
} as const;

/**
 * Runs `load` (a dynamic import of the code of `feature`, which imports `packages`); a package of
 * them not installed becomes `toError` of a message saying how to install it (a ConfigurationError,
 * which stops the start, unless the caller has an error of its own for that).
 */
export async function loadOptionalFeature<T>(
  feature: string,
  packages: readonly string[],
  load: () => Promise<T>,
  toError: (message: string) => Error = (message) => new ConfigurationError(message),
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packages.filter((name) => isMissing(error, name));
    if (missing.length === 0) throw error;
    throw toError(missingPackageMessage(feature, packages));
  }
}

/** The one line a user reads when `feature` lacks `packages`. */
export function missingPackageMessage(feature: string, packages: readonly string[]): string {
  const names = packages.join(" ");
  const withNpx = packages.map((name) => `-p ${name}`).join(" ");
  return (
    `${feature} needs ${packages.length === 1 ? "the package" : "the packages"} ${names}, ` +
    "which ai-universe does not install with itself. " +
    `Install ${packages.length === 1 ? "it" : "them"} where ai-universe is installed ("npm install ${names}", ` +
    `with -g for a global install), or run it with npx as "npx -y -p ai-universe ${withNpx} ai-universe ...".`
  );
}

/** True when `error` is Node's failure to find the package `name` (or one of its files). */
function isMissing(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  return typeof message === "string" && (message.includes(`'${name}'`) || message.includes(`'${name}/`));
}
