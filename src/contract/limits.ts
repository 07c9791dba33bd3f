// The hard limits of every use case, which callers cannot raise and configuration does not change:
// how many opinions and rounds, how long a question, a title or a page may be, and how many messages
// one conversation holds. The input schemas advertise them; the engine enforces them.

/** Hard limits callers cannot raise. */
export const limits = {
  maxOpinions: 8,
  /** Debate rounds of one consultation (`rounds`). */
  debateRounds: 3,
  /** A question or a message. */
  questionCharacters: 60_000,
  titleCharacters: 200,
  historyPageSize: 200,
  listPageSize: 200,
  /** Messages one conversation may hold; a fuller one must be continued in a new conversation. */
  conversationMessages: 10_000,
  idempotencyKeyCharacters: 200,
} as const;
