// Runs the provider simulator standalone, for manual demos and benchmarks in a child process:
// `node test/simulator/main.ts [--port N] [--host H]`. Prints the URL on the first line, then the
// environment variables that point the product at it, and runs until killed.

import { parseArgs } from "node:util";
import { simulatorVariables } from "./environment.ts";
import { startProviderSimulator } from "./provider-simulator.ts";

const { values } = parseArgs({
  options: { port: { type: "string", default: "0" }, host: { type: "string", default: "127.0.0.1" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid --port ${values.port}\n`);
  process.exit(2);
}

const simulator = await startProviderSimulator({ port, host: values.host });
const { url } = simulator;
const environment = { ...simulatorVariables(url, "simulated"), OLLAMA_BASE_URL: `${url}/ollama/v1` };
process.stdout.write(
  [
    `Provider simulator listening on ${url}`,
    "Point the product at it with:",
    ...Object.entries(environment).map(([name, value]) => `export ${name}=${value}`),
    `Script it with POST ${url}/__simulator/behaviour {"model": "...", "behaviour": {...}} or {"default": {...}};`,
    `read the log with GET ${url}/__simulator/requests; clear both with POST ${url}/__simulator/reset.`,
    "",
  ].join("\n"),
);

const stop = () => {
  simulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
