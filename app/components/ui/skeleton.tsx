/** Placeholders shown while a client-side navigation loads the next page. */

export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card skeleton-card">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

export function DetailSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div className="card detail-skeleton" aria-hidden="true">
      <span className="skeleton skeleton--title" />
      <dl className="detail-skeleton__rows">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="detail-skeleton__row">
            <dt className="skeleton skeleton--label" />
            <dd className="skeleton skeleton--line" />
          </div>
        ))}
      </dl>
    </div>
  );
}
