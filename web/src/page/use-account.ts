// Who is signed in, and what the page offers them: the models, the panels, the price data and their
// conversations; loaded at the start and again after signing in, and forgotten when the server no
// longer knows the page (its session ended, or its key was revoked), so it asks to sign in again.

import { type RefObject, useCallback, useEffect, useState } from "react";
import {
  api,
  type ConversationSummary,
  type PageModel,
  type PanelDescription,
  type PriceDataInfo,
  type SignedInState,
  signedOut,
} from "../api.ts";
import { describeError } from "./describe-error.ts";

/** What the signed-in user has, and how to load it again. */
export interface Account {
  me: SignedInState | undefined;
  models: PageModel[];
  panels: PanelDescription[];
  priceData: PriceDataInfo | undefined;
  conversations: ConversationSummary[];
  /** Reads the conversation list again. */
  refresh(): Promise<void>;
  /** Reads everything again, then shows what the address names (`route`). */
  load(): Promise<void>;
}

/** The account, loaded once at the start; `route` shows what the address names once it is. */
export function useAccount(route: RefObject<() => void>, setError: (message: string) => void): Account {
  const [me, setMe] = useState<SignedInState | undefined>();
  const [models, setModels] = useState<PageModel[]>([]);
  const [panels, setPanels] = useState<PanelDescription[]>([]);
  const [priceData, setPriceData] = useState<PriceDataInfo | undefined>();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);

  const refresh = useCallback(async () => {
    setConversations((await api.conversations()).conversations);
  }, []);

  const load = useCallback(async () => {
    const who = await api.me();
    setMe(who);
    if (!who.signedIn) return;
    const listing = await api.models();
    setModels(listing.models);
    setPanels(listing.panels ?? []);
    setPriceData(listing.priceData);
    await refresh();
    route.current();
  }, [refresh, route]);

  useEffect(() => {
    load().catch((failure) => setError(describeError(failure)));
  }, [load, setError]);

  // The server no longer knows this page (its session ended, or its key was revoked): sign in again.
  useEffect(() => {
    const onSignedOut = () => setMe((known) => (known?.signedIn ? { ...known, signedIn: false } : known));
    signedOut.addEventListener("signed-out", onSignedOut);
    return () => signedOut.removeEventListener("signed-out", onSignedOut);
  }, []);

  return { me, models, panels, priceData, conversations, refresh, load };
}
