// Whether the terminal commands may send an API key to a `--server`: over HTTPS always, over plain HTTP
// only to this machine (a loopback address), unless the person says the network is trusted with
// --allow-insecure-http or AI_UNIVERSE_ALLOW_INSECURE_HTTP=1. Anyone on the path could read a key sent
// in clear text and spend its owner's budget.

/** Why the key must not be sent to `server`, in one line with the fix; undefined when it may be. */
export function insecureKeyTransport(server: string, allowInsecureHttp: boolean): string | undefined {
  if (allowInsecureHttp) return undefined;
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return undefined; // connecting reports the malformed URL
  }
  if (url.protocol !== "http:" || isLoopback(url.hostname)) return undefined;
  return `--server ${url.origin} is plain HTTP to another machine, so the API key would cross the network unencrypted. Use an https:// URL, or add --allow-insecure-http (or set AI_UNIVERSE_ALLOW_INSECURE_HTTP=1) if the network is trusted.`;
}

/** Whether `hostname` (bracketed or not) is this machine: localhost (and its subdomains), 127.0.0.0/8 and ::1. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "::1" ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(host) ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)
  );
}
