import { useEffect, useRef, useState } from 'react';
import { go, useRoute } from '../state/route';
import { useUi } from '../state/ui';

/** Search across every stored post (the legacy search: words of 4 letters or more, or @name). */
export function SearchBox() {
  const route = useRoute((s) => s.route);
  const [text, setText] = useState(route.screen === 'search' ? route.filter : '');
  const focusAsked = useUi((s) => s.searchFocus);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusAsked > 0) input.current?.focus();
  }, [focusAsked]);
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) go({ screen: 'search', filter: text.trim() });
      }}
    >
      <input ref={input} type="search" aria-label="Search posts" placeholder="Search (/)" value={text} onChange={(e) => setText(e.target.value)} />
    </form>
  );
}
