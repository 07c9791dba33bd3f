// The terminal client's conversation commands against the provider simulator: list, search (with the
// matching snippet), history and delete; `export` to a terminal without the escape sequences a model
// wrote, and exactly when piped; `chat` turn by turn in one conversation, to several models or one.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { serverEnvironment } from "./support/server-environment.ts";
import { inTerminal, piped } from "./support/terminal-capture.ts";

describe("the terminal client's conversations", () => {
  let simulator: ProviderSimulator;

  before(async () => {
    simulator = await startProviderSimulator();
  });
  after(async () => simulator?.close());

  it("lists, searches, prints and deletes conversations", async () => {
    const { environment: isolated } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    assert.equal(
      (await piped(isolated, ["ask", "Tell me about narwhal tusks", "--max-opinions", "0"])).status,
      0,
    );
    assert.equal(
      (await piped(isolated, ["ask", "Something else entirely", "--max-opinions", "0"])).status,
      0,
    );
    const listed = await piped(isolated, ["conversations"]);
    assert.match(listed.stdout, /narwhal tusks/);
    assert.match(listed.stdout, /Something else entirely/);
    const found = await piped(isolated, ["conversations", "--search", "narwhal"]);
    // The title, then a snippet of the best-matching message (which one is the backend's ranking's choice).
    assert.match(found.stdout, /^Tell me about narwhal tusks [0-9a-f-]{36}\n {2}.*\*\*narwhal\*\* tusks/m);
    assert.doesNotMatch(found.stdout, /Something else/);
    const id = /([0-9a-f-]{36})/.exec(found.stdout)?.[1] ?? "";
    assert.match(
      (await piped(isolated, ["history", id])).stdout,
      /1\. user .*\n\nTell me about narwhal tusks/,
    );
    assert.match(
      (await piped(isolated, ["delete", id])).stdout,
      new RegExp(`Deleted ${id} \\(2 messages\\)`),
    );
    assert.match(
      (await piped(isolated, ["conversations", "--search", "narwhal"])).stdout,
      /No conversation matches/,
    );
    const missing = await piped(isolated, ["delete", id]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /conversation_not_found/);
  });

  it("exports Markdown to a terminal without the escape sequences a model wrote, and exactly when piped", async () => {
    const { environment: isolated } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const hostile =
      "Plain \u001b]0;window title\u0007\u001b[2J\u001b[31mred\u001b[0m answer \u001b]8;;https://x.example\u0007link\u001b]8;;\u0007.";
    simulator.setBehaviour("gpt-oss-120b", { text: hostile });
    let id = "";
    try {
      const asked = await piped(isolated, ["ask", "Escapes?", "--max-opinions", "0", "--json"]);
      assert.equal(asked.status, 0, asked.stderr);
      id = (JSON.parse(asked.stdout) as { conversationId: string }).conversationId;
    } finally {
      simulator.setBehaviour("gpt-oss-120b", {});
    }
    const shown = await inTerminal(isolated, ["export", id, "--format", "md"]);
    assert.equal(shown.status, 0, shown.output);
    assert.match(shown.output, /Plain red answer link\./);
    assert.ok(!shown.output.includes("\u001b"), JSON.stringify(shown.output));
    assert.ok(!shown.output.includes("\u0007"), JSON.stringify(shown.output));
    const saved = await piped(isolated, ["export", id, "--format", "md"]);
    assert.ok(saved.stdout.includes(hostile), "the Markdown written to a file is changed");
  });

  it("chats turn by turn in one conversation, to several models or one", async () => {
    const { environment: isolated } = await serverEnvironment(simulator.url, { maxRetries: 0 });
    const chat = await piped(
      isolated,
      ["chat", "--max-opinions", "1"],
      "First about otters\n/model grok\n/one And one model?\n/quit\n",
    );
    assert.equal(chat.status, 0, chat.stderr);
    assert.match(chat.stdout, /Synthesis \(by cerebras\)/);
    assert.match(chat.stdout, /Answer from grok-4.6/);
    const id = /Conversation ([0-9a-f-]{36}): continue with ai-universe chat/.exec(chat.stderr)?.[1] ?? "";
    const history = JSON.parse((await piped(isolated, ["history", id, "--json"])).stdout) as {
      history: { messages: { content: string }[] };
    };
    assert.equal(history.history.messages.length, 4);
    assert.equal(history.history.messages[2]?.content, "And one model?");
  });
});
