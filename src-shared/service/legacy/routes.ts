import type { Route } from '../router';

/** The legacy interface (section 4.1): `/content` and `/users`. */
export const legacyRoutes: readonly Route[] = [];
