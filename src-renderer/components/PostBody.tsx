import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { isInstancePostType } from '../../src-shared/api/vocabulary';
import { POST_TYPE_WORDS } from '../util/post-type-words';
import { sanitizePostHtml } from '../util/sanitize';

/** The content of a post: title, its source as a card, the sanitised HTML, tags, mentions and place. */
export const PostBody = memo(function PostBody(props: { post: RemotePost; onTag: (tag: string) => void; onMention: (handle: string) => void; clamp: boolean }) {
  const { post, onTag, onMention } = props;
  // Notes, the most of any timeline, go without a label.
  const label = post.type !== 'post.note' && isInstancePostType(post.type) ? POST_TYPE_WORDS[post.type].one : undefined;
  const content = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const clamped = props.clamp && !expanded;
  // A long article would fill many screens of a timeline: it is cut, with a way to read it all.
  useLayoutEffect(() => {
    const el = content.current;
    if (el && clamped) setOverflows(el.scrollHeight > el.clientHeight + 2);
  }, [clamped, post.content]);
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
      <div ref={content} className={`post-content${clamped ? ' clamped' : ''}${clamped && overflows ? ' faded' : ''}`} dir="auto" dangerouslySetInnerHTML={{ __html: sanitizePostHtml(post.content) }} />
      {props.clamp && (overflows || expanded) && (
        <button type="button" className="link-button show-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show all'}
        </button>
      )}
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
      {post.geo?.description && (
        <p className="post-geo" dir="auto">
          <span className="subtle">Place:</span> {post.geo.description}
        </p>
      )}
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
