import { memo, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { isInstancePostType } from '../../src-shared/api/vocabulary';
import { showPostHtml } from './post-html';
import { routePath } from '../state/route';
import { handleKey, tagKey } from './post-links';
import { POST_TYPE_WORDS } from '../util/post-type-words';
import { sanitizePostHtml } from '../util/sanitize';
import { SearchWordsContext } from '../util/search-words-context';
import { markedPieces, SEARCH_MARK_CLASS } from '../util/word-marks';

/**
 * The content of a post: title, its source as a card, the sanitised HTML (its tags and mentions made links,
 * and in search results the searched words marked), the tags and mentions its text does not show, and place.
 */
export const PostBody = memo(function PostBody(props: { post: RemotePost; clamp: boolean }) {
  const { post } = props;
  const words = useContext(SearchWordsContext);
  const shown = useMemo(() => showPostHtml(sanitizePostHtml(post.content), words), [post.content, words]);
  // A tag or a mention linked in the text needs no second button under it.
  const mentions = post.mentions.filter((m) => !shown.linked.handles.has(handleKey(m.as)));
  const tags = post.tags.filter((tag) => !shown.linked.tags.has(tagKey(tag)));
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
  }, [clamped, shown.html]);
  return (
    <div className="post-body">
      {label && <span className="post-kind">{label}</span>}
      {post.title && (
        <h2 className="post-title" dir="auto">
          <Marked text={post.title} words={words} />
        </h2>
      )}
      {post.source && (
        <a className="source-card" href={post.source.url} target="_blank" rel="noopener noreferrer nofollow">
          <span className="source-title" dir="auto">
            {post.source.title || post.source.url}
          </span>
          <span className="source-url">{URL.parse(post.source.url)?.host ?? post.source.url}</span>
        </a>
      )}
      {/* Sanitised here again (util/sanitize.ts): the HTML may come from a remote. */}
      <div
        ref={content}
        className={`post-content${clamped ? ' clamped' : ''}${clamped && overflows ? ' faded' : ''}`}
        dir="auto"
        dangerouslySetInnerHTML={{ __html: shown.html }}
      />
      {props.clamp && (overflows || expanded) && (
        <button
          type="button"
          className="link-button show-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show all'}
        </button>
      )}
      {(tags.length > 0 || mentions.length > 0) && (
        <ul className="chips" aria-label="Tags and mentions">
          {mentions.map((m) => (
            <li key={`@${m.guid || m.as}`}>
              <a
                className="chip chip-mention"
                href={routePath({ screen: 'persona', handle: m.as })}
                aria-label={`Posts by @${m.as}`}
              >
                @{m.as}
              </a>
            </li>
          ))}
          {tags.map((tag) => (
            <li key={`#${tag}`}>
              <a className="chip" href={routePath({ screen: 'tag', tag })} aria-label={`Posts tagged #${tag}`}>
                #{tag}
              </a>
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

/** A plain text with the searched words in it marked. */
function Marked({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return text;
  return markedPieces(text, words).map((piece, i) =>
    piece.marked ? (
      <mark key={i} className={SEARCH_MARK_CLASS}>
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
