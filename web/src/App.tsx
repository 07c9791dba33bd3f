// The page: sign in when the server has accounts; a sidebar of conversations; the question box (with its
// files, shown beside the question once sent), live progress with the answers forming, and the answer;
// follow-ups in the same conversation; light and dark themes.

import { useCallback, useEffect, useRef, useState } from "react";
import {
  ApiError,
  api,
  type ConversationSummary,
  consult,
  type Me,
  type ModelInfo,
  type PanelInfo,
  type PriceData,
  type SecondOpinion,
} from "./api.ts";
import { sizeLabel } from "./attachments.ts";
import { AskForm } from "./components/AskForm.tsx";
import { type Forming, FormingAnswers, nextForming, nothingForming } from "./components/FormingAnswers.tsx";
import { Markdown } from "./components/Markdown.tsx";
import { nextRows, Progress, type ProgressRow } from "./components/Progress.tsx";
import { Result } from "./components/Result.tsx";
import { Sidebar } from "./components/Sidebar.tsx";
import { SignIn } from "./components/SignIn.tsx";
import { type AskRequest, consultationInput } from "./consultation-input.ts";

interface Turn {
  id: number;
  question: string;
  /** The files attached to the question. */
  attachments?: { name: string; bytes: number }[];
  result?: Omit<SecondOpinion, "conversationId">;
  reply?: string;
}

type Theme = "auto" | "light" | "dark";

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const retry =
      typeof error.details.retryAt === "string"
        ? ` (retry after ${new Date(error.details.retryAt).toLocaleTimeString()})`
        : "";
    return `${error.message}${retry}`;
  }
  return (error as Error).message;
}

export function App() {
  const [me, setMe] = useState<Me | undefined>();
  const [models, setModels] = useState<ModelInfo[]>([]);
  const [panels, setPanels] = useState<PanelInfo[]>([]);
  const [priceData, setPriceData] = useState<PriceData | undefined>();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [rows, setRows] = useState<Record<string, ProgressRow>>({});
  const [forming, setForming] = useState<Forming>(nothingForming);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem("theme") as Theme | null) ?? "auto");
  const running = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem("theme", theme);
  }, [theme]);

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
  }, [refresh]);

  useEffect(() => {
    load().catch((failure) => setError(describe(failure)));
  }, [load]);

  const open = async (id: string) => {
    setError("");
    try {
      const { messages } = (await api.history(id)).history;
      const loaded: Turn[] = [];
      for (const message of messages) {
        if (message.role === "user") {
          const attachments = message.metadata.attachments ?? [];
          loaded.push({
            id: message.sequence,
            question: message.content,
            ...(attachments.length > 0 ? { attachments } : {}),
          });
        } else if (loaded.length > 0) {
          const turn = loaded[loaded.length - 1] as Turn;
          if (message.metadata.secondOpinion) turn.result = message.metadata.secondOpinion;
          else turn.reply = message.content;
        }
      }
      setConversationId(id);
      setTurns(loaded);
      setRows({});
    } catch (failure) {
      setError(describe(failure));
    }
  };

  const ask = async (request: AskRequest) => {
    setError("");
    setBusy(true);
    setRows({});
    setForming(nothingForming);
    const controller = new AbortController();
    running.current = controller;
    const id = Date.now();
    const asked: Turn = {
      id,
      question: request.question,
      ...(request.attachments.length > 0
        ? { attachments: request.attachments.map(({ name, bytes }) => ({ name, bytes })) }
        : {}),
    };
    setTurns((previous) => [...previous, asked]);
    try {
      const result = await consult(
        consultationInput(request, conversationId),
        (event) => {
          setRows((previous) => nextRows(previous, event));
          setForming((previous) => nextForming(previous, event));
        },
        controller.signal,
      );
      setConversationId(result.conversationId);
      setTurns((previous) => [...previous.slice(0, -1), { ...asked, result }]);
      await refresh();
    } catch (failure) {
      setTurns((previous) => previous.slice(0, -1));
      if (!controller.signal.aborted) setError(describe(failure));
    } finally {
      setBusy(false);
      running.current = undefined;
    }
  };

  if (!me)
    return (
      <main className="loading">
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          "Loading…"
        )}
      </main>
    );
  if (!me.signedIn) return <SignIn mode={me.authMode} onSignedIn={() => void load()} />;

  return (
    <div className="layout">
      <Sidebar
        conversations={conversations}
        current={conversationId}
        onOpen={(id) => void open(id)}
        onNew={() => {
          setConversationId(undefined);
          setTurns([]);
          setRows({});
        }}
        onChanged={async () => {
          await refresh();
          if (
            conversationId &&
            !(await api.conversations()).conversations.some((item) => item.id === conversationId)
          ) {
            setConversationId(undefined);
            setTurns([]);
          }
        }}
        onError={setError}
      />
      <main>
        <header className="top">
          <h1>AI Universe</h1>
          <span className="meta">{me.authMode === "none" ? "local" : `${me.userId} (${me.tier})`}</span>
          <button
            type="button"
            className="small"
            aria-label="Switch theme"
            onClick={() => setTheme(theme === "auto" ? "dark" : theme === "dark" ? "light" : "auto")}
          >
            Theme: {theme}
          </button>
          {me.authMode !== "none" && (
            <button
              type="button"
              className="small"
              onClick={async () => {
                await api.signOut();
                await load();
              }}
            >
              Sign out
            </button>
          )}
        </header>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {turns.map((turn) => (
          <section key={turn.id} className="turn">
            <p className="question">
              <strong>Q:</strong> {turn.question}
            </p>
            {turn.attachments && (
              <p className="meta attached">
                Attached:{" "}
                {turn.attachments.map((file) => `${file.name} (${sizeLabel(file.bytes)})`).join(", ")}
              </p>
            )}
            {turn.result && <Result result={turn.result} />}
            {turn.reply && <Markdown text={turn.reply} className="markdown reply" />}
          </section>
        ))}
        {Object.keys(rows).length > 0 && busy && <Progress rows={rows} />}
        {busy && <FormingAnswers forming={forming} />}
        <AskForm
          models={models}
          panels={panels}
          {...(priceData ? { priceData } : {})}
          busy={busy}
          followUp={conversationId !== undefined}
          onAsk={(request) => void ask(request)}
          onCancel={() => running.current?.abort()}
        />
      </main>
    </div>
  );
}
