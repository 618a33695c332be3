import type { Route } from '../router';
import { userRoutes } from './user-routes';

/** The legacy interface (section 4.1): `/content` and `/users`. */
export const legacyRoutes: readonly Route[] = [...userRoutes];
