// The broadcast port on SQLite: one node serves a SQLite file, so messages stay in the process.

import { EventEmitter } from "node:events";
import type { Broadcast } from "../broadcast.ts";

/** Messages that stay in this process. */
export function processBroadcast(): Broadcast {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      queueMicrotask(() => events.emit(channel, payload));
    },
    async subscribe(channel, listener) {
      events.on(channel, listener);
      return () => events.off(channel, listener);
    },
  };
}
