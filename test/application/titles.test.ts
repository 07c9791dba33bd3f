// Conversation titles are one line of printable text whoever makes them: a title taken from the first
// question, one given with a question, and one given by a rename lose their escape sequences, line
// breaks and other control characters, so no listing (terminal, web page, export) can be hijacked.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Caller } from "../../src/application/caller.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { consultationFixture } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const ann: Caller = { userId: "ann", tier: "admin" };
const hostile =
  "\u001b]0;owned\u0007\u001b[2J\u001b[31mRed\u001b[0m title\r\nsecond\u0000 line\u009b1m\u202e";

describe("conversation titles", () => {
  it("drops control characters from a title taken from the question, given, or set by a rename", async () => {
    const { application } = consultationFixture();
    const derived = await application.secondOpinion(ann, { question: hostile, maxOpinions: 0 }, { signal });
    assert.equal(derived.conversationTitle, "Red title second line");
    const given = await application.secondOpinion(
      ann,
      { question: "Plain question", title: hostile, maxOpinions: 0 },
      { signal },
    );
    assert.equal(given.conversationTitle, "Red title second line");
    const renamed = await application.renameConversation(ann, {
      conversationId: derived.conversationId,
      title: `\u0007Renamed\u001b[1A\tnow\u007f`,
    });
    assert.equal(renamed.title, "Renamed now");
    const listed = await application.listConversations(ann, {});
    for (const conversation of listed.conversations) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
      assert.doesNotMatch(conversation.title ?? "", /[\u0000-\u001f\u007f-\u009f]/);
    }
  });

  it("refuses a title that is nothing but control characters", async () => {
    const { application } = consultationFixture();
    const asked = await application.secondOpinion(ann, { question: "Q", maxOpinions: 0 }, { signal });
    await assert.rejects(
      application.renameConversation(ann, {
        conversationId: asked.conversationId,
        title: "\u001b[0m\u0007\n",
      }),
      (error: ServiceError) => error.code === "invalid_argument" && /title/.test(error.message),
    );
  });
});
