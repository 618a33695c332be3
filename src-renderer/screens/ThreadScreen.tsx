import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RemotePost } from '../../src-shared/client/remote-post';
import { useAccount, writableChannels } from '../state/account';
import { blankDraft, useDrafts } from '../state/drafts';
import { usePosts } from '../state/posts';
import { clients, describeFailure } from '../state/session';
import { threadRows, type ThreadRow } from '../state/thread-tree';
import { useUi } from '../state/ui';
import { CopiesNote } from './thread/CopiesNote';
import { ThreadList } from './thread/ThreadList';
import { isArticle } from '../components/ArticleTeaser';

const repliesIn = (n: number): string =>
  n === 0 ? 'No replies yet' : n === 1 ? '1 reply' : `${n.toLocaleString()} replies`;

/** A post's whole conversation with its branches; the opened post in focus; replies written in place. */
export default function ThreadScreen({ guid }: { guid: string }) {
  const persona = useAccount((s) => s.currentGuid);
  const [rows, setRows] = useState<ThreadRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replying, setReplying] = useState<{ to: string; draft: string } | null>(null);
  /** The post's remote no longer serves it (deleted there): it is gone from here too. */
  const [gone, setGone] = useState(false);

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
    setGone(false);
    void load();
    // A post from a remote: read its conversation there again (a no-op answer for local posts).
    clients()
      .desk.refreshPost(guid)
      .then(async (answer) => {
        if (answer.gone) setGone(true);
        else if (answer.stored > 0) await load();
      })
      .catch(() => undefined);
  }, [guid, load]);

  const reply = useCallback(
    (post: RemotePost) => {
      const existing = useDrafts.getState().drafts.find((d) => d.replyTo === post.guid && d.editing === null);
      const channelGuid = writableChannels(persona, useAccount.getState().channels)[0]?.guid ?? null;
      const draft = existing ?? blankDraft({ personaGuid: persona, channelGuid, replyTo: post.guid });
      if (!existing) useDrafts.getState().open(draft);
      setReplying({ to: post.guid, draft: draft.id });
    },
    [persona],
  );

  // The keys (j/k, o, r, s, p) act on this conversation while it is on screen; the opened post is selected.
  const guids = useMemo(() => rows?.map((r) => r.post.guid) ?? null, [rows]);
  const selectedGuid = useRef<string | null>(null);
  useEffect(() => {
    if (!guids) return;
    // Read again (after a reply, say), the selection stays on its post; newly opened, it is the opened one.
    const { thread, selected } = useUi.getState();
    const kept = thread?.guids[selected] ?? selectedGuid.current;
    const index = kept !== null && guids.includes(kept) ? guids.indexOf(kept) : Math.max(guids.indexOf(guid), 0);
    useUi.getState().setThread({ guids, reply }, index);
    return () => {
      const ui = useUi.getState();
      selectedGuid.current = ui.thread?.guids[ui.selected] ?? null;
      ui.setThread(null, -1);
    };
  }, [guids, reply, guid]);
  // Another post opened: the selection starts there.
  useEffect(() => () => void (selectedGuid.current = null), [guid]);

  if (gone) {
    return (
      <div className="state-line" role="alert">
        <p>
          This post was deleted where it was published, or is no longer shown to you there. It is gone from here too.
        </p>
        <button type="button" className="link-button" onClick={() => history.back()}>
          ← Back
        </button>
      </div>
    );
  }
  if (error && !rows) {
    return (
      <div className="state-line" role="alert">
        <p>{error}</p>
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }
  if (!rows)
    return (
      <p className="state-line" role="status">
        Loading the conversation…
      </p>
    );
  const opened = rows.find((r) => r.post.guid === guid)?.post;
  const article = opened !== undefined && isArticle(opened);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-head">
        <button type="button" className="link-button" onClick={() => history.back()}>
          ← Back
        </button>
        <h1 id="screen-title">{article ? 'Article' : 'Conversation'}</h1>
        <span className="subtle">
          {article
            ? repliesIn(rows.length - 1)
            : rows.length === 1
              ? '1 post'
              : `${rows.length.toLocaleString()} posts`}
        </span>
      </header>
      <CopiesNote guid={guid} />
      <ThreadList
        rows={rows}
        opened={guid}
        replying={replying}
        onReply={reply}
        onReplyDone={(published) => {
          setReplying(null);
          if (published) void load();
        }}
      />
    </section>
  );
}
