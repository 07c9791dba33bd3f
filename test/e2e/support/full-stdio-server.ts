// Runs `ai-universe` from the sources as src/cli/main.ts does, but for the early answers of a stdio
// start: `node full-stdio-server.ts mcp` is the full server alone, answering everything itself, which
// test/e2e/early-answers.test.ts compares the early answers with.

import { runCommand } from "../../../src/cli/run-command.ts";

process.exitCode = await runCommand(process.argv.slice(2));
