import { memo, useContext, type MouseEvent } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { usePosts } from '../state/posts';
import { go, personaRoute, routePath } from '../state/route';
import { ArticleTeaser, isArticle } from './ArticleTeaser';
import { Avatar } from './Avatar';
import { Icon } from './icons';
import { PostActions } from './PostActions';
import { PostBody } from './PostBody';
import { RelativeTime } from './RelativeTime';
import { SyncMarker } from './SyncMarker';
import { fullTime } from '../util/time';
import { SearchWordsContext } from '../util/search-words-context';

const PRIVACY_LABEL: Record<string, string> = { 'visibility.private': 'Private', 'visibility.none': 'Only you' };

interface CardProps {
  guid: string;
  /** The post the conversation was opened at. */
  focused?: boolean;
  onReply?: (post: RemotePost) => void;
  /** Shown whole: no clamp, an article's body rather than its excerpt. */
  full?: boolean;
}

/**
 * One post with its author, time and actions, read from the posts store by GUID. A repost shows who
 * reposted it above the post it reposts, which the actions act on.
 */
export const PostCard = memo(function PostCard({ guid, focused = false, onReply, full = false }: CardProps) {
  const post = usePosts((s) => s.byGuid[guid]);
  const original = usePosts((s) => (post?.repost_of ? (s.byGuid[post.repost_of] ?? post.original) : null));
  if (!post) return null;
  if (post.repost_of === null) return <PostView post={post} focused={focused} full={full} onReply={onReply} />;
  return (
    <div className="repost">
      <p className="repost-line">
        <Icon name="repost" />
        <a href={routePath(personaRoute(post.persona))} dir="auto">
          {post.persona.name || post.persona.as}
        </a>{' '}
        <span>reposted</span> <span aria-hidden="true">·</span>{' '}
        <a className="post-time" href={routePath({ screen: 'thread', guid: post.guid })}>
          <RelativeTime unix={post.publish_unix} />
        </a>
      </p>
      {original ? (
        <PostView post={original} focused={focused} full={full} onReply={onReply} />
      ) : (
        <p className="post-unavailable">The reposted post is not available: it was deleted, or is not shown to you.</p>
      )}
    </div>
  );
});

function PostView({
  post,
  focused,
  full,
  onReply,
}: {
  post: RemotePost;
  focused: boolean;
  full: boolean;
  onReply: ((post: RemotePost) => void) | undefined;
}) {
  const pinColour = post.pin !== null && post.pin !== 'pin.none' ? post.pin.slice(4) : null;
  const author = post.persona.name || post.persona.as;
  const future = post.publish_unix > Date.now() / 1000;
  const personaPath = routePath(personaRoute(post.persona));
  // A search result shows its words where they were found, not the article's beginning.
  const searched = useContext(SearchWordsContext).length > 0;
  const open = (event: MouseEvent<HTMLDivElement>) => {
    if (!focused) openFromCard(event, post.guid);
  };
  return (
    <div
      className={`post${pinColour ? ` pinned pin-${pinColour}` : ''}${focused ? ' focused' : ' opens'}`}
      onClick={open}
    >
      {/* The name beside it is the same link; this one is for the pointer only. */}
      <a className="post-avatar" href={personaPath} tabIndex={-1} aria-hidden="true">
        <Avatar persona={post.persona} />
      </a>
      <div className="post-main">
        <header className="post-head">
          <a className="post-author-link" href={personaPath}>
            <span className="post-author" dir="auto">
              {author}
            </span>{' '}
            <span className="post-handle">@{post.persona.as}</span>
          </a>
          <span className="post-dot" aria-hidden="true">
            ·
          </span>
          <a className="post-time" href={routePath({ screen: 'thread', guid: post.guid })}>
            <RelativeTime unix={post.publish_unix} />
          </a>
          {isEdited(post) && (
            <span className="post-edited" title={`Edited ${fullTime(post.updated_unix)}`}>
              edited
            </span>
          )}
          {future && <span className="badge">Scheduled</span>}
          {PRIVACY_LABEL[post.privacy] && <span className="badge">{PRIVACY_LABEL[post.privacy]}</span>}
          {pinColour && <span className={`badge pin-badge pin-${pinColour}`}>Pinned {pinColour}</span>}
          {post.reply_to && <span className="badge">Reply</span>}
          <SyncMarker guid={post.guid} />
        </header>
        {isArticle(post) && !full && !searched ? <ArticleTeaser post={post} /> : <PostBody post={post} clamp={!full} />}
        <PostActions post={post} onReply={onReply} />
      </div>
    </div>
  );
}

/**
 * Changed after it was written: an edit. Not measured from the publication time, which a post may have
 * been given in the past (an import) or the future (scheduled); unknown where the remote does not say when
 * it was written. A remote may stamp its own write a moment after the post's (a post synced in is written
 * here at its publication): a change within that moment is no edit.
 */
const EDIT_GRACE_S = 2;
const isEdited = (post: RemotePost): boolean =>
  post.created_unix !== null && post.updated_unix - post.created_unix > EDIT_GRACE_S;

/** What on a card does something of its own: a click there is not a click on the card. */
const OWN_CLICK = 'a, button, input, select, textarea, summary, label, video, audio, [role="menu"]';

/**
 * A click anywhere else on a card opens the post, as in any reader of posts; but not a click that ends a
 * selection of its text, and with Ctrl or ⌘ it opens in a new tab as a link would.
 */
function openFromCard(event: MouseEvent, guid: string): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.target instanceof Element && event.target.closest(OWN_CLICK)) return;
  if (window.getSelection()?.toString()) return;
  const route = { screen: 'thread', guid } as const;
  if (event.metaKey || event.ctrlKey) window.open(routePath(route), '_blank', 'noopener');
  else go(route);
}
