// Carries a 2025 client's notifications (its cancels, above all) to wherever the session's calls run
// when they land on a node that does not hold the session, as a load balancer without session
// affinity sends them. The receiving node broadcasts them on the store (PostgreSQL LISTEN/NOTIFY) and
// answers 202; every node delivers them, for the same user, as if they had arrived there.

/** Short messages to every node on the database, this one included (the store's broadcast, handed over by the runtime). */
export interface RelayChannel {
  /** The longest payload it carries, in bytes. */
  readonly maxPayloadBytes: number;
  /** Sends `payload` on `channel`. */
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `listener` with every payload sent on `channel` from now on; resolves with a stop function. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => void>;
}

const channel = "ai_universe_sessions";

/** Notifications for one session, as sent between nodes. */
interface Relayed {
  sessionId: string;
  userId: string | null;
  messages: unknown[];
}

/** Delivers relayed notifications to a session this node holds (if it holds it, for that user). */
export type Deliver = (sessionId: string, userId: string | undefined, messages: unknown[]) => void;

/** Sends notifications for a session to every node; false when they are too large to send. */
export type Relay = (sessionId: string, userId: string | undefined, messages: unknown[]) => Promise<boolean>;

/** The notifications in `body` when it holds nothing else (no request, no response); else undefined. */
export function notificationsOnly(body: unknown): unknown[] | undefined {
  const messages = Array.isArray(body) ? body : [body];
  const all = messages.every((message) => {
    const fields = message as { method?: unknown; id?: unknown } | null;
    return (
      typeof fields?.method === "string" && fields.method.startsWith("notifications/") && !("id" in fields)
    );
  });
  return all && messages.length > 0 ? messages : undefined;
}

/** Sends notifications to the other nodes, and hands those sent to this node's sessions to `deliver`. */
export async function startSessionRelay(broadcast: RelayChannel, deliver: Deliver): Promise<Relay> {
  await broadcast.subscribe(channel, (payload) => {
    let relayed: Relayed;
    try {
      relayed = JSON.parse(payload) as Relayed;
    } catch {
      return;
    }
    if (typeof relayed.sessionId !== "string" || !Array.isArray(relayed.messages)) return;
    deliver(relayed.sessionId, relayed.userId ?? undefined, relayed.messages);
  });
  return async (sessionId, userId, messages) => {
    const payload = JSON.stringify({ sessionId, userId: userId ?? null, messages } satisfies Relayed);
    if (Buffer.byteLength(payload) > broadcast.maxPayloadBytes) return false;
    await broadcast.publish(channel, payload);
    return true;
  };
}
