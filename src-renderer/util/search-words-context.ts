import { createContext } from 'react';

/**
 * The words a search screen looks for (lower case, NFC, as the search index reads them), for the posts it
 * lists to mark; none anywhere else. A context, so the timeline between the screen and the posts need not
 * carry them.
 */
export const SearchWordsContext = createContext<readonly string[]>([]);
