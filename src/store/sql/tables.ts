// The tables both backends make alike, described once and written out per dialect for the migration
// steps of each (sqlite/migrations.ts, postgres/migrations.ts): SQLite's tables are STRICT and name
// their types INTEGER and REAL where PostgreSQL's say BIGINT and DOUBLE PRECISION. Tables a step of
// only one backend makes, or makes differently (conversations, messages, search, rate_limits), stay in
// its own migrations. Like a shipped step, a table here never changes: a change is a new step.

/** The CREATE statements (a table and its indexes) of the shared tables, for `dialect`. */
export function sharedTables(dialect: "sqlite" | "postgres") {
  const sqlite = dialect === "sqlite";
  const [big, real] = sqlite ? ["INTEGER", "REAL"] : ["BIGINT", "DOUBLE PRECISION"];
  const table = (name: string, columns: string) =>
    `CREATE TABLE ${name} (${columns})${sqlite ? " STRICT" : ""};`;
  const run = "run_id TEXT NOT NULL REFERENCES evaluation_runs (id) ON DELETE CASCADE";
  return {
    idempotencyRecords: `${table(
      "idempotency_records",
      `user_id TEXT NOT NULL, key TEXT NOT NULL, tool TEXT NOT NULL, fingerprint TEXT NOT NULL,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        conversation_created INTEGER NOT NULL, user_message_id TEXT NOT NULL,
        assistant_message_id TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (user_id, key)`,
    )}
      CREATE INDEX idempotency_records_by_conversation ON idempotency_records (conversation_id);`,
    settings: table("settings", "name TEXT PRIMARY KEY, value TEXT NOT NULL"),
    apiKeys: table(
      "api_keys",
      `id TEXT PRIMARY KEY, user_id TEXT NOT NULL, tier TEXT NOT NULL, hash TEXT NOT NULL,
        created_at TEXT NOT NULL, revoked_at TEXT`,
    ),
    spend: table(
      "spend",
      `user_id TEXT NOT NULL, day TEXT NOT NULL, usd ${real} NOT NULL, PRIMARY KEY (user_id, day)`,
    ),
    tasks: `${table(
      "tasks",
      `id TEXT PRIMARY KEY, user_id TEXT NOT NULL, tool TEXT NOT NULL, status TEXT NOT NULL,
        status_message TEXT, result TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        ttl_ms ${big} NOT NULL, expires_at ${big} NOT NULL, runner TEXT NOT NULL, heartbeat_at TEXT NOT NULL`,
    )}
      CREATE INDEX tasks_by_owner ON tasks (user_id, created_at DESC, id DESC);
      CREATE INDEX tasks_working ON tasks (status, heartbeat_at);`,
    idempotencyClaims: table(
      "idempotency_claims",
      "user_id TEXT NOT NULL, key TEXT NOT NULL, holder TEXT NOT NULL, claimed_at TEXT NOT NULL, PRIMARY KEY (user_id, key)",
    ),
    streamEvents: `${table(
      "stream_events",
      `session_id TEXT NOT NULL, stream_id TEXT NOT NULL, sequence INTEGER NOT NULL, message TEXT NOT NULL,
        expires_at ${big} NOT NULL, PRIMARY KEY (session_id, stream_id, sequence)`,
    )}
      CREATE INDEX stream_events_by_expiry ON stream_events (expires_at);`,
    spendReservations: `${table(
      "spend_reservations",
      `id TEXT PRIMARY KEY, user_id TEXT NOT NULL, day TEXT NOT NULL, usd ${real} NOT NULL, expires_at ${big} NOT NULL`,
    )}
      CREATE INDEX spend_reservations_by_owner ON spend_reservations (user_id, day);`,
    webSessions: `${table(
      "web_sessions",
      `hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, tier TEXT NOT NULL, credential_id TEXT NOT NULL,
        created_at ${big} NOT NULL, expires_at ${big} NOT NULL`,
    )}
      CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at);`,
    evaluations: `${table(
      "evaluation_runs",
      `id TEXT PRIMARY KEY, user_id TEXT NOT NULL, settings_key TEXT NOT NULL, status TEXT NOT NULL,
        best_model TEXT, spent_usd ${real} NOT NULL, max_cost_usd ${real}, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, definition TEXT NOT NULL`,
    )}
      CREATE INDEX evaluation_runs_by_owner ON evaluation_runs (user_id, created_at DESC, id DESC);
      ${table("evaluation_questions", `${run}, position INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (run_id, position)`)}
      ${table(
        "evaluation_answers",
        `${run}, question_id TEXT NOT NULL, strategy TEXT NOT NULL, record TEXT NOT NULL,
          PRIMARY KEY (run_id, question_id, strategy)`,
      )}
      ${table(
        "evaluation_model_answers",
        `${run}, question_id TEXT NOT NULL, model TEXT NOT NULL, record TEXT NOT NULL,
          PRIMARY KEY (run_id, question_id, model)`,
      )}
      ${table(
        "evaluation_judgements",
        `${run}, question_id TEXT NOT NULL, first TEXT NOT NULL, second TEXT NOT NULL, judge TEXT NOT NULL,
          record TEXT NOT NULL, PRIMARY KEY (run_id, question_id, first, second, judge)`,
      )}`,
  };
}

/** The steps both backends took alike, one after another, made of `tables` in the backend's words. */
export function sharedSteps(tables: ReturnType<typeof sharedTables>): { name: string; sql: string }[] {
  return [
    { name: "idempotency claims of running calls", sql: tables.idempotencyClaims },
    { name: "events of 2025 sessions' SSE streams, for resuming", sql: tables.streamEvents },
    { name: "spend held by running calls against their owner's daily budget", sql: tables.spendReservations },
    { name: "web page sessions, kept as the hash of their id", sql: tables.webSessions },
    {
      name: "evaluation runs: their questions, answers, each model's own answers and the judgements",
      sql: tables.evaluations,
    },
  ];
}
