/**
 * Resolves on a later turn of the event loop, after what is waiting meanwhile (a request that arrived, a
 * timer): long work done in pieces with this between them holds up nothing for longer than one piece.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
