import { useEffect, type RefObject } from 'react';

/** Whatever the browser stops at with Tab: links, buttons, fields, summaries, anything given a tabindex. */
const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]';
/** Where a control's own tabindex is kept while the row holds it back ('' when it had none). */
const KEPT = 'data-row-tabindex';

/**
 * One Tab stop per post in a list (a timeline, a conversation): the row that is the list's Tab stop lets
 * Tab go on into its own links and buttons; every other row's controls get tabindex=-1, so that the next
 * Tab leaves the list instead of walking every control of every post. They stay clickable and read.
 *
 * Done on the DOM under the row rather than in the post's JSX, because the post holds controls this list
 * does not render: links inside the post's sanitised HTML, and whatever the post card adds over time.
 * A MutationObserver holds back what is added later (an expanded post, a control that appears). `inert`
 * would do it in one attribute, but would also make those controls unclickable and hide the post from
 * assistive technology, which must still read every post. Run after paint: nothing is added before the
 * first post is on screen, and nobody presses Tab within that frame.
 */
export function useRowControls(row: RefObject<HTMLElement | null>, tabStop: boolean): void {
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    if (tabStop) {
      release(el);
      return;
    }
    holdBack(el);
    // Only tabindex is written here, and only where it differs: the observer does not feed itself.
    const observer = new MutationObserver(() => holdBack(el));
    observer.observe(el, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex', 'href', 'contenteditable'],
    });
    return () => observer.disconnect();
  }, [row, tabStop]);
}

function holdBack(row: HTMLElement): void {
  for (const control of row.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (control.getAttribute('tabindex') === '-1') continue;
    // Not -1: what it has now is its own (React may have set it anew since).
    control.setAttribute(KEPT, control.getAttribute('tabindex') ?? '');
    control.setAttribute('tabindex', '-1');
  }
}

function release(row: HTMLElement): void {
  for (const control of row.querySelectorAll<HTMLElement>(`[${KEPT}]`)) {
    const own = control.getAttribute(KEPT) ?? '';
    control.removeAttribute(KEPT);
    if (own === '') control.removeAttribute('tabindex');
    else control.setAttribute('tabindex', own);
  }
}

/** The post at `index` of a list (timeline and conversation alike), when its row is in the page. */
export function rowAt(list: HTMLElement | null, index: number): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`article[data-index="${index}"]`) ?? null;
}
