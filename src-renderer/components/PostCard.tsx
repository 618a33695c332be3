import { memo } from 'react';
import { PIN_COLOURS, type PinColour } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { canRepost, compose, deletePost, edit, repost } from '../state/actions';
import { useAccount } from '../state/account';
import { usePosts } from '../state/posts';
import { go } from '../state/route';
import { Avatar } from './Avatar';
import { PostBody } from './PostBody';
import { RelativeTime } from './RelativeTime';
import { SyncMarker } from './SyncMarker';
import { routePath } from '../state/route';

const PRIVACY_LABEL: Record<string, string> = { 'visibility.private': 'Private', 'visibility.none': 'Only you' };

/** One post with its author, time and actions. Reads its post from the posts store by GUID. */
export const PostCard = memo(function PostCard({ guid, focused = false, onReply, full = false }: { guid: string; focused?: boolean; onReply?: (post: RemotePost) => void; full?: boolean }) {
  const post = usePosts((s) => s.byGuid[guid]);
  if (!post) return null;
  const pinColour = post.pin !== null && post.pin !== 'pin.none' ? post.pin.slice(4) : null;
  const author = post.persona.name || post.persona.as;
  const future = post.publish_unix > Date.now() / 1000;
  return (
    <div className={`post${pinColour ? ` pinned pin-${pinColour}` : ''}${focused ? ' focused' : ''}`}>
      <Avatar persona={post.persona} />
      <div className="post-main">
        <header className="post-head">
          <span className="post-author" dir="auto">{author}</span>
          <span className="post-handle">@{post.persona.as}</span>
          <a className="post-time" href={routePath({ screen: 'thread', guid: post.guid })} aria-label={`Open the conversation of this post by ${author}`}>
            <RelativeTime unix={post.publish_unix} />
          </a>
          {future && <span className="badge">Scheduled</span>}
          {PRIVACY_LABEL[post.privacy] && <span className="badge">{PRIVACY_LABEL[post.privacy]}</span>}
          {pinColour && <span className={`badge pin-badge pin-${pinColour}`}>Pinned {pinColour}</span>}
          {post.reply_to && <span className="badge">Reply</span>}
          <SyncMarker guid={post.guid} />
        </header>
        <PostBody post={post} clamp={!full} onTag={(tag) => go({ screen: 'tag', tag })} onMention={(handle) => go({ screen: 'persona', handle })} />
        <PostActions post={post} onReply={onReply} />
      </div>
    </div>
  );
});

function PostActions({ post, onReply }: { post: RemotePost; onReply?: ((post: RemotePost) => void) | undefined }) {
  const toggleStar = usePosts((s) => s.toggleStar);
  const setPin = usePosts((s) => s.setPin);
  const own = useAccount((s) => s.personas.some((p) => p.guid === post.persona.guid));
  const pin = post.pin === null || post.pin === 'pin.none' ? 'none' : post.pin.slice(4);
  return (
    <div className="post-actions" role="group" aria-label="Post actions">
      <button type="button" onClick={() => (onReply ? onReply(post) : compose({ replyTo: post }))}>
        Reply
      </button>
      <button type="button" aria-label="Star" aria-pressed={post.starred} onClick={() => void toggleStar(post.guid)}>
        <span aria-hidden="true">{post.starred ? '★ Starred' : '☆ Star'}</span>
      </button>
      <label className="pin-picker">
        <span className="visually-hidden">Pin colour</span>
        <select aria-label="Pin colour" value={pin} onChange={(e) => void setPin(post.guid, e.target.value === 'none' ? null : (e.target.value as PinColour))}>
          <option value="none">No pin</option>
          {PIN_COLOURS.map((c) => (
            <option key={c} value={c}>
              Pin {c}
            </option>
          ))}
        </select>
      </label>
      {canRepost(post) && (
        <button type="button" onClick={() => void repost(post)}>
          Repost
        </button>
      )}
      {own && (
        <>
          <button type="button" onClick={() => edit(post)}>
            Edit
          </button>
          <button type="button" className="danger" onClick={() => deletePost(post)}>
            Delete
          </button>
        </>
      )}
      <button type="button" onClick={() => go({ screen: 'thread', guid: post.guid })}>
        Open
      </button>
    </div>
  );
}
