// The council review: every model ranked the others' answers without knowing who wrote them; the
// table is their aggregate (Borda count), best first, with each reviewer's reasons one click away and
// the reviewers that failed named with why.

import type { CouncilReview } from "../api.ts";

export function ReviewRanking({ review }: { review: CouncilReview }) {
  const failed = review.reviews.filter((peer) => peer.error);
  const usable = review.reviews.filter((peer) => !peer.error);
  return (
    <section className="review" aria-label="Council review">
      <h3>Council review</h3>
      {review.ranking.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption className="meta">
              Each model ranked the others' answers, anonymised (Borda count)
            </caption>
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
              {review.ranking.map((place, index) => (
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
      ) : (
        <p className="warning">No usable review: there is no ranking to show.</p>
      )}
      {failed.map((peer) => (
        <p key={peer.reviewer} className="warning">
          ✗ Review by {peer.reviewer} failed: {peer.error}
        </p>
      ))}
      {usable.length > 0 && (
        <details>
          <summary>What each reviewer said</summary>
          {usable.map((peer) => (
            <div key={peer.reviewer}>
              <h4>{peer.reviewer}</h4>
              <ol>
                {peer.ranking.map((place) => (
                  <li key={place.model}>
                    <strong>{place.model}</strong>: {place.reason}
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
