import { useEffect, useId, useRef, useState } from 'react';
import { go, useRoute } from '../state/route';
import { useUi } from '../state/ui';
import { planSearch } from '../util/search-query';

/**
 * Search across every stored post: words (each of at least MIN_WORD_CHARS letters or digits, as the index
 * holds them), `@name` for a Persona's posts, or both. Words too short to search are named under the box
 * as they are typed (util/search-query.ts), before the search would be refused for them; a search with
 * nothing left to look for is not sent.
 */
export function SearchBox() {
  const route = useRoute((s) => s.route);
  const [text, setText] = useState(route.screen === 'search' ? route.filter : '');
  const focusAsked = useUi((s) => s.searchFocus);
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const plan = planSearch(text);
  useEffect(() => {
    if (focusAsked > 0) input.current?.focus();
  }, [focusAsked]);
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        // The screen reads the search as typed and leaves out what the note names.
        if (plan.query !== null) go({ screen: 'search', filter: text.trim() });
      }}
    >
      <input
        ref={input}
        type="search"
        aria-label="Search posts"
        aria-describedby={plan.note ? noteId : undefined}
        placeholder="Search (/)"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={noteId} className="search-note" role="status">
        {plan.note}
      </p>
    </form>
  );
}
