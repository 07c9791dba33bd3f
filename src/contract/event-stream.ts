// The server-sent events of the HTTP API's streams (a question's progress, an answer's late opinions),
// read alike by the terminal's --server mode and the web page: one `{ event, payload }` for each block
// that names an event and carries JSON data. Comments (": still working") and other blocks are skipped.

/** One event of a stream: its name and its JSON data. */
export interface StreamEvent {
  event: string;
  payload: unknown;
}

/** Yields the events of `body` as they arrive, until it ends; stops reading it when the caller stops. */
export async function* streamEvents(body: NonNullable<Response["body"]>): AsyncGenerator<StreamEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let end = buffered.indexOf("\n\n");
      while (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf("\n\n");
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) yield { event, payload: JSON.parse(data) };
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
