// What the application runs on: the engine's services (which hold no store), the store, where the
// application reads conversations and records turns, and the wall clock and ids of what it records.

import type { ConsultationServices } from "../consultation/index.ts";
import type { Store } from "../store/store.ts";

/** The engine's services, the store, and the clock and ids of stored records. */
export interface ApplicationServices extends ConsultationServices {
  store: Store;
  /** Wall clock for stored timestamps. */
  clock: () => Date;
  newId: () => string;
}
