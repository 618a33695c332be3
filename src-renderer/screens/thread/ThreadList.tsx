import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import { isArticle } from '../../components/ArticleTeaser';
import { PostCard } from '../../components/PostCard';
import { ArticleView } from './ArticleView';
import { rowAt, useRowControls } from '../../components/row-controls';
import { tabStopIndex } from '../../state/reading-place';
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
 * rows near the view in the page. j/k and the arrows move the selection (state/ui.ts), which scrolls into
 * view and takes the focus; the opened post is centred when the conversation arrives. As in a timeline, Tab
 * stops once in the list, at the selected post, then goes through that post's controls and on out.
 */
export function ThreadList({ rows, opened, replying, onReply, onReplyDone }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // The selection is this list's once the conversation is on screen (until then it may be a timeline's).
  const selected = useUi((s) => (s.thread !== null ? s.selected : -1));
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

  // Another post selected: scrolled into view, given the focus, unless the focus is what chose it (Tab,
  // a click on one of its controls) or it is the same post at a new place (the conversation read again).
  const selectedGuid = rows[selected]?.post.guid;
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (selectedGuid === undefined || selectedGuid === handled.current) return;
    handled.current = selectedGuid;
    if (rowAt(scroller.current, selected)?.contains(document.activeElement)) return;
    // A post whose top is in view stays where it is: "into view" would show the end of one taller than the
    // view (a long article), which is read from its top.
    if (!topInView(scroller.current, selected)) {
      const tall = (virtualizer.measurementsCache[selected]?.size ?? 0) > (scroller.current?.clientHeight ?? Infinity);
      virtualizer.scrollToIndex(selected, { align: tall ? 'start' : 'auto' });
    }
    const frame = requestAnimationFrame(() => rowAt(scroller.current, selected)?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [selected, selectedGuid, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const stop = tabStopIndex(selected, virtualizer.range?.startIndex ?? -1, virtualizer.range?.endIndex ?? -1);
  return (
    <div ref={scroller} className="screen-scroll thread-scroller">
      {/* Under the screen's h1, above the posts' own headings (an article's title is an h3). */}
      <h2 className="visually-hidden">Posts</h2>
      <ol className="thread" aria-label="Conversation" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
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
              <ThreadPost
                post={post}
                depth={depth}
                index={item.index}
                tabStop={item.index === stop}
                opened={post.guid === opened}
                onReply={onReply}
                onFocus={select}
              />
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

function ThreadPost(props: {
  post: RemotePost;
  depth: number;
  index: number;
  tabStop: boolean;
  opened: boolean;
  onReply: (post: RemotePost) => void;
  onFocus: (index: number) => void;
}) {
  const { post, depth, index, opened } = props;
  const article = useRef<HTMLElement>(null);
  useRowControls(article, props.tabStop);
  return (
    <article
      ref={article}
      data-index={index}
      tabIndex={props.tabStop ? 0 : -1}
      aria-current={opened ? 'true' : undefined}
      aria-label={`Post by ${post.persona.name || post.persona.as}${depth > 0 ? `, reply level ${depth}` : ''}`}
      // The focus anywhere in a post (Tab onto it, a click on one of its controls) makes it the selected one.
      onFocus={() => props.onFocus(index)}
    >
      {opened && isArticle(post) ? (
        <ArticleView guid={post.guid} onReply={props.onReply} />
      ) : (
        <PostCard guid={post.guid} focused={opened} onReply={props.onReply} full={opened} />
      )}
    </article>
  );
}
