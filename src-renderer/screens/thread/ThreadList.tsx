import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import { isArticle } from '../../components/ArticleTeaser';
import { PostCard } from '../../components/PostCard';
import { ArticleView } from './ArticleView';
import type { ThreadRow } from '../../state/thread-tree';
import { useUi } from '../../state/ui';
import { Composer } from '../composer/Composer';

/** Indentation stops growing here, so that deep branches stay readable on a narrow window. */
const MAX_INDENT = 6;

interface Props {
  rows: ThreadRow[];
  /** The post the conversation was opened at: in focus, shown in full. */
  opened: string;
  replying: { to: string; draft: string } | null;
  onReply: (post: RemotePost) => void;
  onReplyDone: (published: RemotePost | null) => void;
}

/**
 * The conversation as a virtualised list, like a timeline: a thread of thousands of replies keeps only the
 * rows near the view in the page. j/k move the selection (state/ui.ts), which scrolls into view and takes
 * the focus; the opened post is centred when the conversation arrives.
 */
export function ThreadList({ rows, opened, replying, onReply, onReplyDone }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const selected = useUi((s) => s.selected);
  const select = useUi((s) => s.select);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 4,
    getItemKey: (index) => rows[index]?.post.guid ?? index,
  });
  const openedIndex = rows.findIndex((r) => r.post.guid === opened);

  useEffect(() => {
    if (openedIndex > 0) virtualizer.scrollToIndex(openedIndex, { align: 'center' });
  }, [openedIndex, virtualizer]);

  useEffect(() => {
    if (selected < 0 || selected >= rows.length) return;
    // A post whose top is in view stays where it is: "into view" would show the end of one taller than the
    // view (a long article), which is read from its top.
    if (!topInView(scroller.current, selected)) {
      const tall = (virtualizer.measurementsCache[selected]?.size ?? 0) > (scroller.current?.clientHeight ?? Infinity);
      virtualizer.scrollToIndex(selected, { align: tall ? 'start' : 'auto' });
    }
    const frame = requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`article[data-index="${selected}"]`)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [selected, rows.length, virtualizer]);

  return (
    <div ref={scroller} className="screen-scroll thread-scroller">
      <ol className="thread" aria-label="Conversation" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { post, depth } = row;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={`thread-item depth-${Math.min(depth, MAX_INDENT)}${item.index === selected ? ' selected' : ''}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <article
                data-index={item.index}
                tabIndex={item.index === selected ? 0 : -1}
                aria-current={post.guid === opened ? 'true' : undefined}
                aria-label={`Post by ${post.persona.name || post.persona.as}${depth > 0 ? `, reply level ${depth}` : ''}`}
                onFocus={(e) => e.target === e.currentTarget && select(item.index)}
              >
                {post.guid === opened && isArticle(post) ? (
                  <ArticleView guid={post.guid} onReply={onReply} />
                ) : (
                  <PostCard guid={post.guid} focused={post.guid === opened} onReply={onReply} full={post.guid === opened} />
                )}
              </article>
              {replying?.to === post.guid && <Composer draftId={replying.draft} compact onDone={onReplyDone} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Whether the top of row `index` is on screen in `scroller` (false when the row is not rendered). */
function topInView(scroller: HTMLElement | null, index: number): boolean {
  const row = scroller?.querySelector(`li[data-index="${index}"]`);
  if (!scroller || !row) return false;
  const view = scroller.getBoundingClientRect();
  const top = row.getBoundingClientRect().top;
  return top >= view.top && top < view.bottom - 40;
}
