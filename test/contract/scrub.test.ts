// The secret scrubber (src/contract/scrub.ts): every occurrence of every secret replaced, a text with
// none left as it was, and an empty secret (an unset key) never matching.

import assert from "node:assert/strict";
import { test } from "node:test";
import { scrub } from "../../src/contract/scrub.ts";

test("replaces every occurrence of each secret", () => {
  assert.equal(
    scrub("key sk-1 and sk-1 again, then xai-2", ["sk-1", "xai-2"]),
    "key [redacted] and [redacted] again, then [redacted]",
  );
});

test("leaves a text that holds no secret unchanged", () => {
  const text = "A plain answer about caching.";
  assert.equal(scrub(text, ["sk-1", "xai-2"]), text);
});

test("an empty secret matches nothing", () => {
  assert.equal(scrub("abc", [""]), "abc");
});
