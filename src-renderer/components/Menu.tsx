import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  /** What the item does; an item with `href` is a link that opens in a new tab instead. */
  run?: () => void;
  href?: string;
  danger?: boolean;
  /** Set on the items of a choice (the pin colours): each is a menuitemradio, the chosen one checked. */
  checked?: boolean;
  /** Drawn before the label (a colour swatch). */
  mark?: ReactNode;
}

/** Space kept between a menu and the window's edge, and between the menu and its button. */
const EDGE_PX = 8;
const GAP_PX = 4;

/**
 * A button that opens a menu (the WAI-ARIA menu button pattern): the menu takes the focus, arrows and
 * Home/End move through it, Enter or a click runs an item, Escape closes it and gives the focus back,
 * and a click elsewhere, Tab, scrolling or resizing closes it. The menu is a popover: it is drawn in the top
 * layer, so the timeline's scroller (which clips and contains its rows) cannot cut it off near the bottom.
 */
export function MenuButton(props: {
  label: string;
  title?: string;
  className?: string;
  content: ReactNode;
  items: readonly MenuItem[];
  pressed?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  /** Below the button, or above it where the window ends; closed once the button is scrolled out of sight. */
  const place = () => {
    const list = menu.current;
    const anchor = button.current;
    if (!list || !anchor) return;
    const at = anchor.getBoundingClientRect();
    if (at.bottom < 0 || at.top > window.innerHeight) {
      close(false);
      return;
    }
    const { width, height } = list.getBoundingClientRect();
    const below = at.bottom + GAP_PX + height <= window.innerHeight - EDGE_PX;
    list.style.top = `${Math.max(EDGE_PX, below ? at.bottom + GAP_PX : at.top - GAP_PX - height)}px`;
    list.style.left = `${Math.min(Math.max(EDGE_PX, at.right - width), window.innerWidth - width - EDGE_PX)}px`;
  };

  useLayoutEffect(() => {
    const list = menu.current;
    if (!open || !list) return;
    // Chromium shows it in the top layer; without popover support it is placed the same way, in the page.
    if (typeof list.showPopover === 'function' && !list.matches(':popover-open')) list.showPopover();
    place();
    const items = itemsOf(list);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- placed once as it opens; scrolling places it again
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, true);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', place, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the listeners live while the menu is open
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(event.currentTarget);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    // The page's own keys (j/k, Escape) are not for a key the menu used.
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  };

  const choose = (item: MenuItem) => {
    close(true);
    item.run?.();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={props.className}
        aria-label={props.label}
        title={props.title ?? props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-pressed={props.pressed}
        onClick={() => setOpen(!open)}
      >
        {props.content}
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={props.label}
          className="menu"
          popover="manual"
          onKeyDown={onMenuKey}
        >
          {props.items.map((item) => {
            const role = item.checked === undefined ? 'menuitem' : 'menuitemradio';
            const className = `menu-item${item.danger ? ' danger' : ''}`;
            return item.href ? (
              <a
                key={item.label}
                role={role}
                className={className}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                tabIndex={-1}
                onClick={() => close(false)}
              >
                {item.mark}
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                type="button"
                role={role}
                aria-checked={item.checked}
                className={className}
                tabIndex={-1}
                onClick={() => choose(item)}
              >
                {item.mark}
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </>
  );
}

const itemsOf = (list: HTMLElement): HTMLElement[] => [...list.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
