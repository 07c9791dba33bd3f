// The query of `GET /api/evaluations/{id}`: `?questions=1` adds a page of the run's questions, each
// with every strategy's answer, from `offset` (default 0), at most `limit` (default 100) of them.

/** Questions a report page holds unless `limit` says otherwise. */
const defaultQuestionPage = 100;

/**
 * The per-question page `?questions=1&offset=N&limit=M` asks for (`offset` 0 and `limit` 100 when
 * absent); nothing without `questions=1`. Numbers that are not whole go to the use case as they are,
 * whose schema refuses them naming the field.
 */
export function questionPage(search: URLSearchParams): { questions?: { offset: unknown; limit: unknown } } {
  if (search.get("questions") !== "1") return {};
  const number = (name: string, fallback: number) => {
    const given = search.get(name);
    return given === null ? fallback : /^\d{1,9}$/.test(given) ? Number(given) : given;
  };
  return { questions: { offset: number("offset", 0), limit: number("limit", defaultQuestionPage) } };
}
