import type { Token } from 'marked';

/** The tokens inside a token of marked: a list's items, a table's cells' contents, or its own tokens. */
export function childrenOf(token: Token): Token[] {
  if (token.type === 'list') return token['items'] as Token[];
  if (token.type === 'table') {
    const cells = [...(token['header'] as { tokens: Token[] }[]), ...(token['rows'] as { tokens: Token[] }[][]).flat()];
    return cells.flatMap((cell) => cell.tokens);
  }
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
}

/** How many tokens marked read, at every level: about the elements the text becomes. */
export function tokenCount(tokens: readonly Token[]): number {
  let count = 0;
  const waiting = [...tokens];
  for (let token = waiting.pop(); token !== undefined; token = waiting.pop()) {
    count++;
    waiting.push(...childrenOf(token));
  }
  return count;
}
