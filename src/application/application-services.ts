// What the application runs on: the engine's services (which hold no store) and the store, where the
// application reads conversations and records turns.

import type { ConsultationServices } from "../consultation/index.ts";
import type { Store } from "../store/store.ts";

/** The engine's services and the store. */
export interface ApplicationServices extends ConsultationServices {
  store: Store;
}
