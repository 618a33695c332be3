import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The dialog's controls that Tab can reach, in order: hidden ones (in closed details) left out, and of a
 * group of radio buttons only the chosen one, as the browser's own Tab does.
 */
function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      const group = [
        ...dialog.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`),
      ];
      return el.checked || !group.some((r) => r.checked);
    }
    return el.getClientRects().length > 0;
  });
}

/**
 * A `<dialog>` shown as a modal while `open`: Tab and Shift+Tab go round its own controls (a modal dialog
 * alone would let the focus leave for the browser's), and when it closes, or is taken away with the
 * screen, the focus goes back to what had it before, so a keyboard user keeps their place.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  // A layout effect: it runs before the dialog's contents take the focus in their own (passive) effects.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d || !open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!d.open) d.showModal();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const list = focusables(d);
      const first = list[0];
      const last = list.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !d.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !d.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    d.addEventListener('keydown', onKey);
    return () => {
      d.removeEventListener('keydown', onKey);
      if (d.open) d.close();
      // Later than React's own removal of the dialog, which would otherwise leave the focus on the page's body.
      queueMicrotask(() => before?.isConnected && before.focus());
    };
  }, [dialog, open]);
}
