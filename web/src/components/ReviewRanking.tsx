// The council review: every model ranked the others' answers twice, in swapped orders, without knowing
// who wrote them; the table is their aggregate (Borda count), best first, with each reviewer's
// consistency, the reviewers not counted for ranking by position, each reviewer's reasons one click
// away, and the reviewers that failed named with why.

import type { CouncilReview } from "../api.ts";
import { InlineMarkdown } from "./Markdown.tsx";

/** The review of a council with `review: true`. */
export function ReviewRanking({ review }: { review: CouncilReview }) {
  const failed = review.reviews.filter((peer) => peer.error);
  const usable = review.reviews.filter((peer) => !peer.error);
  const inconsistent = usable.filter((peer) => peer.inconsistent);
  return (
    <section className="review" aria-label="Council review">
      <h3>Council review</h3>
      {review.ranking.length > 0 ? (
        <RankingTable ranking={review.ranking} />
      ) : (
        <p className="warning">No usable review: there is no ranking to show.</p>
      )}
      {failed.map((peer) => (
        <p key={peer.reviewer} className="warning">
          ✗ Review by {peer.reviewer} failed: {peer.error}
        </p>
      ))}
      {usable.some((peer) => peer.consistency !== undefined) && (
        <p className="meta">
          Each reviewer ranked twice, the answers in swapped places; how far its two rankings agree:{" "}
          {usable
            .filter((peer) => peer.consistency !== undefined)
            .map((peer) => `${peer.reviewer} ${Math.round((peer.consistency ?? 0) * 100)}%`)
            .join(", ")}
          .
        </p>
      )}
      {inconsistent.length > 0 && (
        <p className="warning">
          {inconsistent.some((peer) => peer.weight === 0)
            ? "Not counted"
            : "Counted all the same, as no reviewer ranked consistently"}
          : the ranking of {inconsistent.map((peer) => peer.reviewer).join(", ")} changed with the order the
          answers were shown in.
        </p>
      )}
      {usable.length > 0 && (
        <details>
          <summary>What each reviewer said</summary>
          {usable.map((peer) => (
            <div key={peer.reviewer}>
              <h4>{peer.reviewer}</h4>
              <ol>
                {peer.ranking.map((place) => (
                  <li key={place.model}>
                    <strong>{place.model}</strong>: <InlineMarkdown text={place.reason} />
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </details>
      )}
    </section>
  );
}

/** The aggregate ranking, best first. */
function RankingTable({ ranking }: { ranking: CouncilReview["ranking"] }) {
  return (
    <div className="table-scroll">
      <table>
        <caption className="meta">Each model ranked the others' answers, anonymised (Borda count)</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Model</th>
            <th scope="col">Points</th>
            <th scope="col">Mean rank</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {ranking.map((place, index) => (
            <tr key={place.model}>
              <td>{index + 1}</td>
              <th scope="row">{place.model}</th>
              <td>{place.points}</td>
              <td>{place.meanRank.toFixed(2)}</td>
              <td>{place.reviews}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
