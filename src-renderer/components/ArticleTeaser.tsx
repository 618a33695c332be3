import { useMemo } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { routePath } from '../state/route';
import { excerptOf, plainTextOf, readingMinutes } from '../util/excerpt';

/** Articles are read on their own page; a timeline shows their title and how they begin. */
export const isArticle = (post: RemotePost): boolean => post.type === 'post.article';

/** Characters of an article's beginning shown in a timeline: two or three lines. */
const EXCERPT_CHARS = 280;

export function ArticleTeaser({ post }: { post: RemotePost }) {
  const text = useMemo(() => plainTextOf(post.content) || post.text, [post.content, post.text]);
  const excerpt = useMemo(() => excerptOf(text, EXCERPT_CHARS), [text]);
  const minutes = readingMinutes(text);
  return (
    <div className="post-body article-teaser">
      <span className="post-kind">Article · {minutes} min read</span>
      <h2 className="post-title" dir="auto">
        <a href={routePath({ screen: 'thread', guid: post.guid })}>{post.title || 'Untitled article'}</a>
      </h2>
      {excerpt && (
        <p className="article-excerpt" dir="auto">
          {excerpt}
        </p>
      )}
    </div>
  );
}
