// `ai-universe ask` with models still answering at its answer-by time (--answer-within): the synthesis,
// a line saying grok is still answering, then grok's opinion printed as it lands and the totals with it,
// and found by a search once stored;
// in this process and against a server. Ctrl-C while waiting stops grok in this process (stored as
// stopped) and only the waiting against a server, where grok lands anyway, and another node sharing the
// store follows the answer to its end.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { SecondOpinion } from "../../src/contract/opinions.ts";
import type { ProviderSimulator } from "../simulator/provider-simulator.ts";
import { startProviderSimulator } from "../simulator/provider-simulator.ts";
import { type CliProcess, makeApiKey, runCli, startCli } from "./support/cli-process.ts";
import { modelIds } from "./support/e2e-fixture.ts";
import { type ServerProcess, startHttpServerProcess } from "./support/http-server-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

/** Resolves once the command has written `pattern` on stderr. */
function written(cli: CliProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(cli.stderr())) return;
      cli.child.stderr.off("data", check);
      resolve();
    };
    cli.child.stderr.on("data", check);
    cli.exited.then(() => reject(new Error(`exited before writing ${pattern}:\n${cli.stderr()}`)));
  });
}

/** The answer of the conversation `id` (its id and stored turn), as `history --json` prints it. */
async function storedAnswer(environment: Record<string, string>, id: string, remote: string[] = []) {
  const history = await runCli(environment, ["history", id, "--json", ...remote]);
  assert.equal(history.status, 0, history.stderr);
  const { messages } = (
    JSON.parse(history.stdout) as {
      history: { messages: { id: string; metadata: { secondOpinion: SecondOpinion } }[] };
    }
  ).history;
  const answer = messages[1];
  assert.ok(answer, history.stdout);
  return { id: answer.id, turn: answer.metadata.secondOpinion };
}

/** The conversations `conversations --search` finds for `word` (through conversation.search with --server). */
async function found(environment: Record<string, string>, word: string, remote: string[] = []) {
  const search = await runCli(environment, ["conversations", "--search", word, "--json", ...remote]);
  assert.equal(search.status, 0, search.stderr);
  return (JSON.parse(search.stdout) as { results: { conversationId: string }[] }).results.map(
    (hit) => hit.conversationId,
  );
}

/** The events of following the answer `id` at `node`, to the stream's end; `onFirst` runs at the first. */
async function followAt(node: ServerProcess, key: string, id: string, onFirst: () => void) {
  const response = await fetch(`${node.url}/api/answers/${id}/late-opinions`, {
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(response.status, 200);
  const decoder = new TextDecoder();
  let text = "";
  let first = true;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (first && /^event: \w+\ndata: .+\n/m.test(text)) {
      first = false;
      onFirst();
    }
  }
  return [...text.matchAll(/^event: (\w+)\ndata: (.+)$/gm)].map(([, event, data]) => ({
    event,
    data: JSON.parse(data ?? "null") as unknown,
  }));
}

/**
 * Runs `ask` with grok held until the command says grok is still answering (its answer-by time, 5 s,
 * has passed), then lets grok answer: past the answer-by time, well within its deadline (60 s).
 */
async function askWhileGrokIsLate(
  simulator: ProviderSimulator,
  environment: Record<string, string>,
  argv: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const release = simulator.hold(modelIds.grok);
  try {
    const asking = startCli(argv, environment);
    asking.child.stdin.end();
    await written(asking, /grok is still answering/);
    release();
    const status = await asking.exited;
    return { status, stdout: asking.stdout(), stderr: asking.stderr() };
  } finally {
    release();
  }
}

const grokOf = (turn: SecondOpinion) => turn.secondaryOpinions.find((opinion) => opinion.model === "grok");
const conversationOf = (stdout: string) => /Conversation (\S+): follow up/.exec(stdout)?.[1] ?? "";
const question = (words: string) => ["ask", words, "--models", "grok", "--answer-within", "5"];

describe("ask with late opinions", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;

  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 }))
      .environment;
  });
  after(async () => simulator?.close());

  it("prints the synthesis, then grok still answering, then grok's opinion as it lands", async () => {
    simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-LATE, said the numbat" });
    const asked = await askWhileGrokIsLate(simulator, environment, question("Worth the wait?"));
    assert.equal(asked.status, 0, asked.stderr);
    assert.match(asked.stdout, /^… grok \(Grok [\d.]+ \(xAI\)\) still answering when the answer was due$/m);
    assert.match(
      asked.stderr,
      /^… grok is still answering: its opinion follows when it lands \(Ctrl-C stops it\)\.$/m,
    );
    const synthesis = asked.stdout.indexOf("Synthesis (by ");
    const landed = asked.stdout.indexOf("Landed after the synthesis: grok");
    assert.ok(synthesis >= 0 && landed > synthesis, asked.stdout);
    assert.match(asked.stdout.slice(landed), /^✓ grok \(Grok [\d.]+ \(xAI\)\) [^\n]*\n\nGROK-LANDED-LATE/m);
    assert.match(asked.stdout.slice(landed), /^2 of 2 models answered · /m);
    const { turn: stored } = await storedAnswer(environment, conversationOf(asked.stdout));
    assert.equal(grokOf(stored)?.late, true);
    assert.equal(stored.pendingModels, undefined);
    assert.deepEqual(await found(environment, "numbat"), [conversationOf(asked.stdout)]);
  });

  it("stops grok on Ctrl-C while waiting, storing it as stopped", async () => {
    simulator.setBehaviour(modelIds.grok, { text: "NEVER-PRINTED" });
    const release = simulator.hold(modelIds.grok);
    const asking = startCli(question("Stop the slow one?"), environment);
    asking.child.stdin.end();
    await written(asking, /grok is still answering/);
    asking.child.kill("SIGINT");
    assert.equal(await asking.exited, 130, asking.stderr());
    release();
    assert.match(asking.stderr(), /stopped with Ctrl-C; the models still answering were stopped/);
    assert.match(asking.stdout(), /^✗ grok [^\n]*\n\nStopped before it answered/m);
    assert.doesNotMatch(asking.stdout(), /NEVER-PRINTED/);
    const { turn: stored } = await storedAnswer(environment, conversationOf(asking.stdout()));
    assert.equal(grokOf(stored)?.error, true);
    assert.equal(stored.pendingModels, undefined);
  });

  describe("against servers", () => {
    let nodes: ServerProcess[] = [];
    let remote: string[] = [];
    let key = "";
    before(async () => {
      const serverSide = {
        ...(await serverEnvironment(simulator.url, { maxRetries: 0, modelDeadlineMs: 60_000 })).environment,
        AI_UNIVERSE_AUTH: "api-key",
      };
      key = await makeApiKey(serverSide, "remote-user", "admin");
      // Two nodes on one store.
      nodes = [await startHttpServerProcess(serverSide), await startHttpServerProcess(serverSide)];
      remote = ["--server", nodes[0]?.url ?? "", "--api-key", key];
    });
    after(async () => {
      for (const node of nodes) await node.stop();
    });

    it("prints grok's opinion as it lands at the server", async () => {
      simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-AT-THE-SERVER, said the quokka" });
      const asked = await askWhileGrokIsLate(simulator, environment, [
        ...question("Remote and slow?"),
        ...remote,
      ]);
      assert.equal(asked.status, 0, asked.stderr);
      assert.match(
        asked.stderr,
        /grok is still answering: its opinion follows when it lands \(Ctrl-C stops waiting; it goes on at the server\)/,
      );
      const landed = asked.stdout.indexOf("Landed after the synthesis: grok");
      assert.ok(landed > asked.stdout.indexOf("Synthesis (by "), asked.stdout);
      assert.match(asked.stdout.slice(landed), /GROK-LANDED-AT-THE-SERVER/);
      assert.match(asked.stdout.slice(landed), /^2 of 2 models answered · /m);
      // conversation.search at the server finds the opinion that landed late.
      assert.deepEqual(await found(environment, "quokka", remote), [conversationOf(asked.stdout)]);
    });

    it("stops only the waiting on Ctrl-C: grok lands at the server, where another node follows it", async () => {
      // Held until the other node follows the answer.
      simulator.setBehaviour(modelIds.grok, { text: "GROK-LANDED-AFTER-CTRL-C" });
      const release = simulator.hold(modelIds.grok);
      const asking = startCli([...question("Leave it running?"), ...remote], environment);
      asking.child.stdin.end();
      await written(asking, /grok is still answering/);
      asking.child.kill("SIGINT");
      assert.equal(await asking.exited, 130, asking.stderr());
      assert.match(asking.stderr(), /stopped waiting; grok goes on at the server/);
      assert.doesNotMatch(asking.stdout(), /GROK-LANDED-AFTER-CTRL-C/);

      // The other node on the store follows the answer until grok lands.
      const answer = await storedAnswer(environment, conversationOf(asking.stdout()), remote);
      assert.deepEqual(answer.turn.pendingModels, ["grok"]);
      const events = await followAt(nodes[1] as ServerProcess, key, answer.id, release);
      assert.equal(events[0]?.event, "turn");
      assert.equal(grokOf(events[0]?.data as SecondOpinion)?.pending, true);
      const last = events.filter((entry) => entry.event === "turn").at(-1)?.data as SecondOpinion;
      assert.equal(grokOf(last)?.response, "GROK-LANDED-AFTER-CTRL-C");
      assert.equal(grokOf(last)?.late, true);
      assert.deepEqual(events.at(-1), { event: "end", data: { unlanded: [] } });
    });
  });
});
