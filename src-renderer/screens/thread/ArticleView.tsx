import { useMemo } from 'react';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import { Avatar } from '../../components/Avatar';
import { PostActions } from '../../components/PostActions';
import { PostBody } from '../../components/PostBody';
import { SyncMarker } from '../../components/SyncMarker';
import { usePosts } from '../../state/posts';
import { personaRoute, routePath } from '../../state/route';
import { plainTextOf, readingMinutes } from '../../util/excerpt';
import { dateOf, fullTime, isoTime } from '../../util/time';

/**
 * An article opened on its own: its title, a byline, and the text at a comfortable measure, from the top.
 * The conversation follows below it in the same list.
 */
export function ArticleView({ guid, onReply }: { guid: string; onReply: (post: RemotePost) => void }) {
  const post = usePosts((s) => s.byGuid[guid]);
  const minutes = useMemo(() => (post ? readingMinutes(plainTextOf(post.content) || post.text) : 1), [post]);
  // The title is the page's heading here, not the body's.
  const body = useMemo(() => (post ? { ...post, title: null } : null), [post]);
  if (!post || !body) return null;
  const author = post.persona.name || post.persona.as;
  return (
    <div className="reading">
      <header className="reading-head">
        <h2 className="reading-title" dir="auto">
          {post.title || 'Untitled article'}
        </h2>
        <p className="byline">
          <Avatar persona={post.persona} size={28} />
          <a href={routePath(personaRoute(post.persona))} dir="auto">
            {author}
          </a>
          <span aria-hidden="true">·</span>
          <time dateTime={isoTime(post.publish_unix)} title={fullTime(post.publish_unix)}>
            {dateOf(post.publish_unix)}
          </time>
          <span aria-hidden="true">·</span>
          <span>{minutes} min read</span>
          <SyncMarker guid={post.guid} />
        </p>
      </header>
      <PostBody post={body} clamp={false} />
      <PostActions post={post} onReply={onReply} />
    </div>
  );
}
