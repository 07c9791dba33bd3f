// The reader of the HTTP API's server-sent events that the terminal and the web page share: events split
// across chunks come whole, comments and blocks without data are skipped, and a reader that stops early
// cancels the stream.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { streamEvents } from "../../src/contract/event-stream.ts";

/** A response body that sends `chunks` one by one; `cancelled` says whether its reader let go. */
function body(chunks: string[]): { stream: NonNullable<Response["body"]>; cancelled: () => boolean } {
  let cancelled = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream: stream as NonNullable<Response["body"]>, cancelled: () => cancelled };
}

describe("stream events", () => {
  it("yields each event whole, however the chunks cut it, and skips comments", async () => {
    const { stream } = body([
      ": still working\n\nevent: tu",
      'rn\ndata: {"a":1}\n',
      '\nevent: end\ndata: {"unlanded":[]}\n\nevent: lonely\n\n',
    ]);
    const events = [];
    for await (const event of streamEvents(stream)) events.push(event);
    assert.deepEqual(events, [
      { event: "turn", payload: { a: 1 } },
      { event: "end", payload: { unlanded: [] } },
    ]);
  });

  it("cancels the stream when the reader stops early", async () => {
    // A stream that never ends: only a cancel stops it.
    const { stream, cancelled } = body(Array.from({ length: 10_000 }, () => "event: turn\ndata: {}\n\n"));
    for await (const { event } of streamEvents(stream)) {
      assert.equal(event, "turn");
      break;
    }
    // The cancel reaches the body through the decoder's pipe a little later.
    for (let wait = 0; wait < 50 && !cancelled(); wait++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(cancelled(), true);
  });
});
