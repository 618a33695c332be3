import { PIN_COLOURS, type PinColour } from '../../src-shared/api/vocabulary';
import type { RemotePost } from '../../src-shared/client/remote-post';
import {
  canRepost,
  compose,
  copyLink,
  deletePost,
  edit,
  repost,
  setPin,
  toggleStar,
  undoRepost,
} from '../state/actions';
import { useAccount } from '../state/account';
import { Icon } from './icons';
import { MenuButton, type MenuItem } from './Menu';

/**
 * A post's actions in one line, as icons: reply, repost, star, the pin colour (a small menu) and a menu of
 * the rest (copy the link, open it on its remote, edit, delete). Each says its state: pressed, or the
 * colour of the pin.
 */
export function PostActions({
  post,
  onReply,
}: {
  post: RemotePost;
  onReply?: ((post: RemotePost) => void) | undefined;
}) {
  const own = useAccount((s) => s.personas.some((p) => p.guid === post.persona.guid));
  const reposted = post.reposted !== null;
  return (
    <div className="post-actions" role="group" aria-label="Post actions">
      <button
        type="button"
        className="icon-button"
        aria-label="Reply"
        title="Reply (r)"
        onClick={() => (onReply ? onReply(post) : compose({ replyTo: post }))}
      >
        <Icon name="reply" />
      </button>
      {reposted || canRepost(post) ? (
        <button
          type="button"
          className="icon-button repost-button"
          aria-label="Repost"
          aria-pressed={reposted}
          title={reposted ? 'Reposted: take the repost back' : 'Repost'}
          onClick={() => void (reposted ? undoRepost(post) : repost(post))}
        >
          <Icon name="repost" />
        </button>
      ) : (
        // Kept in its place, so that the icons of every post line up.
        <button
          type="button"
          className="icon-button repost-button"
          aria-label="Repost"
          aria-disabled="true"
          title="Only posts without a title can be reposted"
        >
          <Icon name="repost" />
        </button>
      )}
      <button
        type="button"
        className="icon-button star-button"
        aria-label="Star"
        aria-pressed={post.starred}
        title={post.starred ? 'Starred (s)' : 'Star (s)'}
        onClick={() => void toggleStar(post.guid)}
      >
        <Icon name="star" filled={post.starred} />
      </button>
      <PinMenu post={post} />
      <MenuButton
        className="icon-button"
        label="More actions"
        content={<Icon name="more" />}
        items={moreItems(post, own)}
      />
    </div>
  );
}

function PinMenu({ post }: { post: RemotePost }) {
  const colour = post.pin === null || post.pin === 'pin.none' ? null : post.pin.slice(4);
  const choose = (to: PinColour | null) => () => void setPin(post.guid, to);
  const items: MenuItem[] = [
    ...PIN_COLOURS.map((c) => ({
      label: `Pin ${c}`,
      checked: colour === c,
      run: choose(c),
      mark: <span className={`swatch pin-${c}`} aria-hidden="true" />,
    })),
    {
      label: 'No pin',
      checked: colour === null,
      run: choose(null),
      mark: <span className="swatch" aria-hidden="true" />,
    },
  ];
  return (
    <MenuButton
      className={`icon-button pin-button${colour ? ` pinned pin-${colour}` : ''}`}
      label={`Pin colour (${colour ?? 'none'})`}
      title={colour ? `Pinned ${colour} (p)` : 'Pin (p)'}
      content={<Icon name="pin" filled={colour !== null} />}
      items={items}
    />
  );
}

function moreItems(post: RemotePost, own: boolean): MenuItem[] {
  const items: MenuItem[] = [{ label: 'Copy link', run: () => void copyLink(post) }];
  const remoteHost = post.remote_url ? URL.parse(post.remote_url)?.host : undefined;
  if (post.remote_url && remoteHost) items.push({ label: `Open on ${remoteHost}`, href: post.remote_url });
  if (own)
    items.push(
      { label: 'Edit', run: () => edit(post) },
      { label: 'Delete', danger: true, run: () => deletePost(post) },
    );
  return items;
}
