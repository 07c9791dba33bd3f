// Wrapping every call a store's ports take, for what watches them without changing them: metrics time
// each call, tracing puts a span around the write of a turn. Each call is named `port.method`, e.g.
// `conversations.saveTurn` (the owner's handle counts as the conversations port).

import { type Store, storePorts } from "./store.ts";

/** Runs one call of the store, named `operation`; must resolve or reject as `call` does. */
export type AroundCall = (operation: string, call: () => Promise<unknown>) => Promise<unknown>;

/** `store` with every call of its ports (and `health`, `signingKey`, `close`) run through `around`. */
export function wrapStore(store: Store, around: AroundCall): Store {
  const ports = Object.fromEntries(storePorts.map((name) => [name, wrapPort(name, store[name], around)]));
  return {
    ...(ports as Pick<Store, (typeof storePorts)[number]>),
    health: () => around("health", () => store.health()) as ReturnType<Store["health"]>,
    signingKey: () => around("signingKey", () => store.signingKey()) as ReturnType<Store["signingKey"]>,
    close: () => around("close", () => store.close()) as ReturnType<Store["close"]>,
  };
}

/** The port `name` with every method run through `around`; `conversations.of` hands out wrapped handles. */
function wrapPort<Port extends object>(name: string, port: Port, around: AroundCall): Port {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (name === "conversations" && property === "of") {
        return (owner: string) => wrapPort(name, value.call(target, owner) as object, around);
      }
      return (...args: unknown[]) => around(`${name}.${String(property)}`, () => value.apply(target, args));
    },
  });
}
