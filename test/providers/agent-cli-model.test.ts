// An agent CLI as a language model, run against stand-in scripts that print each CLI's documented JSON
// (and misbehave on purpose): the prompt goes through stdin and never the command line, only the CLI's
// own variables are passed, each call runs in a fresh empty folder removed after, and a hang, a cancel,
// 10 MB of output, output that is not JSON, a missing CLI, "not signed in" and a rate limit (Codex's and
// Copilot's, as each prints it) each end as the product's errors, the CLI's whole process group gone; a
// call given a workspace runs in it.

import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { APICallError } from "ai";
import { createCliLanguageModel, inWorkspace } from "../../src/providers/agent-cli/cli-language-model.ts";
import { createConcurrencyLimit } from "../../src/providers/agent-cli/concurrency-limit.ts";
import { vendorOf } from "../../src/providers/vendors.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const question = "Which database for a single-node service? The secret word is parsnip.";
const call: LanguageModelV4CallOptions = {
  prompt: [{ role: "user", content: [{ type: "text", text: question }] }],
};

/** An executable shell script `body` (its output files in `folder`), standing in for a CLI. */
function standIn(body: string): { command: string; folder: string } {
  const folder = temporaryDirectory("stand-in");
  const command = join(folder, "cli");
  writeFileSync(command, `#!/bin/sh\n${body}\n`);
  chmodSync(command, 0o755);
  return { command, folder };
}

function modelOf(vendor: string, command: string | undefined, more: Record<string, unknown> = {}) {
  const cli = vendorOf(vendor).agentCli;
  if (!cli) throw new Error(`${vendor} is no agent CLI`);
  return createCliLanguageModel(vendor, cli, {
    command,
    modelId: "default",
    environment: {
      PATH: process.env.PATH,
      HOME: "/nonexistent",
      DATABASE_URL: "postgres://secret",
      ANTHROPIC_API_KEY: "sk-ant-secret",
      CODEX_HOME: "/codex-home",
    },
    timeoutMs: 60_000,
    maxOutputBytes: 10 * 1024 * 1024,
    concurrency: 2,
    ...more,
  });
}

const codexAnswer = [
  '{"type":"thread.started","thread_id":"t"}',
  '{"type":"item.completed","item":{"id":"item_0","type":"agent_message","text":"PostgreSQL."}}',
  '{"type":"turn.completed","usage":{"input_tokens":120,"cached_input_tokens":20,"output_tokens":7,"reasoning_output_tokens":3}}',
].join("\n");

/** What a call of `model` failed with; fails the test when it answered. */
async function failureOf(model: ReturnType<typeof modelOf>): Promise<Error> {
  try {
    await model.doGenerate(call);
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call answered");
}

/** Whether process `pid` still runs (a zombie waiting to be reaped does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

describe("an agent CLI as a language model", () => {
  it("gives the prompt on stdin only, passes only its variables, runs in an empty folder removed after, and reads answer and tokens", async () => {
    const { command, folder } = standIn(
      `cat > "${"$"}(dirname "$0")/stdin"; echo "$@" > "$(dirname "$0")/argv"; env > "$(dirname "$0")/env"; pwd > "$(dirname "$0")/pwd"; ls -A > "$(dirname "$0")/listing"\ncat <<'EOF'\n${codexAnswer}\nEOF`,
    );
    const result = await modelOf("codex", command).doGenerate(call);
    assert.deepEqual(result.content, [{ type: "text", text: "PostgreSQL." }]);
    assert.equal(result.usage.inputTokens.total, 120);
    assert.equal(result.usage.inputTokens.cacheRead, 20);
    assert.equal(result.usage.outputTokens.total, 7);
    assert.match(readFileSync(join(folder, "stdin"), "utf8"), /parsnip/);
    const argv = readFileSync(join(folder, "argv"), "utf8");
    assert.doesNotMatch(argv, /parsnip/);
    assert.match(argv, /--sandbox read-only/);
    const environment = readFileSync(join(folder, "env"), "utf8");
    assert.match(environment, /^CODEX_HOME=\/codex-home$/m);
    assert.doesNotMatch(environment, /DATABASE_URL|ANTHROPIC_API_KEY|secret/);
    const workingFolder = readFileSync(join(folder, "pwd"), "utf8").trim();
    assert.match(workingFolder, /ai-universe-codex-/);
    assert.equal(readFileSync(join(folder, "listing"), "utf8"), "", "the folder was not empty");
    assert.equal(existsSync(workingFolder), false, "the working folder was left behind");
  });

  it("runs a call given a workspace in that folder, keeps it, and lets Claude Code only read it", async () => {
    const { command, folder } = standIn(
      `echo "$@" > "$(dirname "$0")/argv"; pwd -P > "$(dirname "$0")/pwd"\nprintf '%s\\n' '{"type":"result","is_error":false,"result":"Read it.","usage":{"input_tokens":5,"output_tokens":2}}'`,
    );
    const workspace = temporaryDirectory("workspace");
    writeFileSync(join(workspace, "README.md"), "# project\n");
    const result = await inWorkspace(modelOf("claude-code", command), workspace).doGenerate(call);
    assert.deepEqual(result.content, [{ type: "text", text: "Read it." }]);
    assert.equal(readFileSync(join(folder, "pwd"), "utf8").trim(), realpathSync(workspace));
    assert.ok(existsSync(join(workspace, "README.md")), "the workspace was removed");
    const argv = readFileSync(join(folder, "argv"), "utf8");
    assert.match(argv, /--tools Read,Grep,Glob --disallowedTools Bash,Edit,Write,NotebookEdit,WebFetch/);
  });

  it("gives a structured call the schema and returns the JSON of an answer that wraps it", async () => {
    const { command, folder } = standIn(
      `cat > "$(dirname "$0")/stdin"\nprintf '%s\\n' '{"type":"result","is_error":false,"result":"Here it is:\\n\`\`\`json\\n{\\"score\\": 1}\\n\`\`\`","usage":{"input_tokens":5,"output_tokens":4}}'`,
    );
    const result = await modelOf("claude-code", command).doGenerate({
      ...call,
      responseFormat: { type: "json", schema: { type: "object", properties: { score: { type: "number" } } } },
    });
    assert.deepEqual(result.content, [{ type: "text", text: '{"score": 1}' }]);
    assert.match(readFileSync(join(folder, "stdin"), "utf8"), /JSON schema:\n\{"type":"object"/);
  });

  it("turns 'not signed in' into a 401 naming the command that signs it in", async () => {
    const { command } = standIn(
      `echo '{"type":"result","is_error":true,"result":"Not logged in · Please run /login"}'`,
    );
    const error = await failureOf(modelOf("claude-code", command));
    assert.ok(APICallError.isInstance(error), String(error));
    assert.equal(error.statusCode, 401);
    assert.match(error.message, /claude is not signed in: run "claude", then type \/login/);
  });

  it("turns a 429-like message into a retryable 429 with its wait", async () => {
    const { command } = standIn(
      `echo '{"type":"turn.failed","error":{"message":"You have hit your usage limit. Try again in 30 minutes."}}'`,
    );
    const error = await failureOf(modelOf("codex", command));
    assert.ok(APICallError.isInstance(error), String(error));
    assert.equal(error.statusCode, 429);
    assert.equal(error.isRetryable, true);
    assert.equal(error.responseHeaders?.["retry-after"], "1800");
  });

  it("reads Copilot's failure (its session.error, as 1.0.102 prints it) as a 429 with its wait", async () => {
    const { command } = standIn(
      `cat <<'EOF'
{"type":"session.info","data":{"infoType":"configuration","message":"Disabled tools: bash, create, edit"}}
{"type":"session.error","data":{"errorType":"rate_limit","message":"Failed to get response from the AI model; retried 5 times (total retry wait time: 55.52 seconds) Last error: 429 Rate limit reached; try again in 20 s","statusCode":429}}
{"type":"result","sessionId":"s","exitCode":1,"usage":{"premiumRequests":0}}
EOF
exit 1`,
    );
    const error = await failureOf(modelOf("copilot", command));
    assert.ok(APICallError.isInstance(error), String(error));
    assert.equal(error.statusCode, 429);
    assert.equal(error.responseHeaders?.["retry-after"], "20");
  });

  it("says output that is not its JSON is malformed, quoting its start", async () => {
    const { command } = standIn("echo 'Welcome! Please choose a theme.'");
    const error = await failureOf(modelOf("gemini-cli", command));
    assert.equal(error.name, "InvalidResponseDataError");
    assert.match(
      error.message,
      /gemini printed no JSON answer \(it began: "Welcome! Please choose a theme."\)/,
    );
  });

  it("says a CLI that is not installed is not, with the command that installs it", async () => {
    const error = await failureOf(modelOf("codex", undefined));
    assert.match(error.message, /codex is not installed.*npm install -g @openai\/codex.*codex login/);
  });

  it("ends a hang at its time cap, killing the whole process group", async () => {
    const { command, folder } = standIn(`sleep 600 & echo $! > "$(dirname "$0")/child"; wait`);
    const error = await failureOf(modelOf("codex", command, { timeoutMs: 1_000 }));
    assert.equal(error.name, "CliTimeoutError");
    assert.equal(
      alive(Number(readFileSync(join(folder, "child"), "utf8"))),
      false,
      "the CLI's child still runs",
    );
  });

  it("ends a cancelled call at once, killing the whole process group", async () => {
    const { command, folder } = standIn(`sleep 600 & echo $! > "$(dirname "$0")/child"; wait`);
    const controller = new AbortController();
    const asked = Promise.resolve(
      modelOf("codex", command).doGenerate({ ...call, abortSignal: controller.signal }),
    );
    while (!existsSync(join(folder, "child"))) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error("cancelled by the caller"));
    await assert.rejects(asked, /cancelled by the caller/);
    assert.equal(
      alive(Number(readFileSync(join(folder, "child"), "utf8"))),
      false,
      "the CLI's child still runs",
    );
  });

  it("stops a CLI that prints more than 10 MB", async () => {
    const { command } = standIn("head -c 11000000 /dev/zero | tr '\\0' a");
    const error = await failureOf(modelOf("codex", command));
    assert.equal(error.name, "AnswerTooLargeError");
  });
});

describe("the calls to one CLI at once", () => {
  it("are at most the limit, the others waiting their turn; a cancelled one leaves the queue", async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      return "done";
    };
    const controller = new AbortController();
    const calls = [1, 2, 3, 4, 5].map(() => limit.run(task));
    const cancelled = assert.rejects(limit.run(task, controller.signal), /cancelled/);
    controller.abort(new Error("cancelled"));
    assert.deepEqual(await Promise.all(calls), ["done", "done", "done", "done", "done"]);
    await cancelled;
    assert.equal(most, 2);
  });
});
