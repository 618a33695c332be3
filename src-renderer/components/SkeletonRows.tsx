/**
 * Grey shapes where posts are about to be, so that the page keeps its layout while the first page comes:
 * nothing jumps when the posts arrive. Read as one "Loading posts" by assistive technology.
 */
export function SkeletonRows({ count = 4 }: { count?: number }) {
  return (
    <div className="skeleton-rows" role="status" aria-label="Loading posts">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton skeleton-avatar" />
          <span className="skeleton-lines">
            <span className="skeleton skeleton-line short" />
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line" />
          </span>
        </div>
      ))}
    </div>
  );
}
