// The environment an agent CLI runs with: only what it needs (its search path, home, locale, temporary
// folder and proxy, and the variables its spec names), never the server's provider keys, database URL
// or anything else of the process's.

/** What every CLI gets: to find programs, its own configuration and sign-in, text encoding, a proxy. */
const shared = [
  "PATH",
  "HOME",
  "USER",
  "LANG",
  "LC_ALL",
  "TMPDIR",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "NO_PROXY",
  "https_proxy",
  "http_proxy",
  "no_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
];

/** The part of `environment` a CLI needing `variables` (names, or prefixes ending in "_") is given. */
export function cliEnvironment(
  variables: readonly string[],
  environment: Record<string, string | undefined>,
): Record<string, string> {
  const wanted = (name: string) =>
    shared.includes(name) ||
    variables.some((variable) => (variable.endsWith("_") ? name.startsWith(variable) : name === variable));
  return Object.fromEntries(
    Object.entries(environment).filter(
      (pair): pair is [string, string] => pair[1] !== undefined && wanted(pair[0]),
    ),
  );
}
