import { memo } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { sanitizePostHtml } from '../util/sanitize';

const TYPE_LABEL: Record<string, string> = { 'post.article': 'Article', 'post.bookmark': 'Bookmark', 'post.quotation': 'Quotation' };

/** The content of a post: title, its source as a card, the sanitised HTML, tags, mentions and place. */
export const PostBody = memo(function PostBody({ post, onTag, onMention }: { post: RemotePost; onTag: (tag: string) => void; onMention: (handle: string) => void }) {
  const label = TYPE_LABEL[post.type];
  return (
    <div className="post-body">
      {label && <span className="post-kind">{label}</span>}
      {post.title && <h3 className="post-title" dir="auto">{post.title}</h3>}
      {post.source && (
        <a className="source-card" href={post.source.url} target="_blank" rel="noopener noreferrer nofollow">
          <span className="source-title" dir="auto">{post.source.title || post.source.url}</span>
          <span className="source-url">{hostOf(post.source.url)}</span>
        </a>
      )}
      {/* Sanitised here again (util/sanitize.ts): the HTML may come from a remote. */}
      <div className="post-content" dir="auto" dangerouslySetInnerHTML={{ __html: sanitizePostHtml(post.content) }} />
      {(post.tags.length > 0 || post.mentions.length > 0) && (
        <ul className="chips" aria-label="Tags and mentions">
          {post.mentions.map((m) => (
            <li key={`@${m.guid || m.as}`}>
              <button type="button" className="chip chip-mention" onClick={() => onMention(m.as)} aria-label={`Posts by @${m.as}`}>
                @{m.as}
              </button>
            </li>
          ))}
          {post.tags.map((tag) => (
            <li key={`#${tag}`}>
              <button type="button" className="chip" onClick={() => onTag(tag)} aria-label={`Search for ${tag}`}>
                #{tag}
              </button>
            </li>
          ))}
        </ul>
      )}
      {post.geo?.description && <p className="post-geo">📍 {post.geo.description}</p>}
    </div>
  );
});

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
