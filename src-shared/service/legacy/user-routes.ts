import type { Route } from '../router';

/** `/users` of the legacy interface (section 4.1); what each path does is listed in README. */
export const userRoutes: readonly Route[] = [];
