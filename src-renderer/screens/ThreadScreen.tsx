import { useCallback, useEffect, useRef, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { PostCard } from '../components/PostCard';
import { useAccount } from '../state/account';
import { blankDraft, useDrafts } from '../state/drafts';
import { usePosts } from '../state/posts';
import { clients, describeFailure } from '../state/session';
import { threadRows, type ThreadRow } from '../state/thread-tree';
import { Composer } from './composer/Composer';

/** Indentation stops growing here, so that deep branches stay readable on a narrow window. */
const MAX_INDENT = 6;

/** A post's whole conversation with its branches; the opened post in focus; replies written in place. */
export default function ThreadScreen({ guid }: { guid: string }) {
  const persona = useAccount((s) => s.currentGuid);
  const [rows, setRows] = useState<ThreadRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replying, setReplying] = useState<{ to: string; draft: string } | null>(null);
  const focused = useRef<HTMLLIElement>(null);

  const load = useCallback(async () => {
    try {
      const page = await clients().desk.thread(guid, persona ?? undefined);
      usePosts.getState().put(page.posts);
      setRows(threadRows(page.posts));
      setError(null);
    } catch (failure) {
      setError(describeFailure(failure));
    }
  }, [guid, persona]);

  useEffect(() => {
    void load();
    // A post from a remote: read its conversation there again (a no-op answer for local posts).
    clients()
      .desk.refreshPost(guid)
      .then(async (answer) => {
        if (answer.stored > 0) await load();
      })
      .catch(() => undefined);
  }, [guid, load]);

  useEffect(() => {
    focused.current?.scrollIntoView({ block: 'center' });
    focused.current?.querySelector<HTMLElement>('article')?.focus({ preventScroll: true });
  }, [rows]);

  const reply = (post: RemotePost) => {
    const existing = useDrafts.getState().drafts.find((d) => d.replyTo === post.guid && d.editing === null);
    const draft = existing ?? blankDraft({ personaGuid: persona, channelGuid: useAccount.getState().personas.find((p) => p.guid === persona)?.channels[0] ?? null, replyTo: post.guid });
    if (!existing) useDrafts.getState().add(draft);
    setReplying({ to: post.guid, draft: draft.id });
  };

  if (error && !rows) {
    return (
      <div className="state-line" role="alert">
        <p>{error}</p>
        <button type="button" onClick={() => void load()}>Try again</button>
      </div>
    );
  }
  if (!rows) return <p className="state-line" role="status">Loading the conversation…</p>;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <button type="button" className="link-button" onClick={() => history.back()}>← Back</button>
        <h1 id="screen-title">Conversation</h1>
      </header>
      <div className="screen-scroll">
        <ol className="thread" aria-label="Conversation">
          {rows.map(({ post, depth }) => (
            <li key={post.guid} ref={post.guid === guid ? focused : undefined} className={`thread-item depth-${Math.min(depth, MAX_INDENT)}`}>
              <article tabIndex={-1} aria-current={post.guid === guid ? 'true' : undefined} aria-label={`Post by ${post.persona.name || post.persona.as}${depth > 0 ? `, reply level ${depth}` : ''}`}>
                <PostCard guid={post.guid} focused={post.guid === guid} onReply={reply} full={post.guid === guid} />
              </article>
              {replying?.to === post.guid && (
                <Composer
                  draftId={replying.draft}
                  compact
                  onDone={(published) => {
                    setReplying(null);
                    if (published) void load();
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
