import { archiveRoutes } from './archive-routes';
import { backupRoutes } from './backup-routes';
import { eventRoutes } from './event-routes';
import { instanceRoutes } from './instance-routes';
import { legacyRoutes } from './legacy-routes';
import { syncRoutes } from './sync-routes';

/**
 * Every route of this instance by name: the contract of the service and its clients (route-contract.ts
 * says what a route declares). In this order the router tries them (service/router.ts).
 */
export const routes = {
  ...instanceRoutes,
  ...syncRoutes,
  ...backupRoutes,
  ...archiveRoutes,
  ...eventRoutes,
  ...legacyRoutes,
} as const;
export type Routes = typeof routes;
export type RouteName = keyof Routes;
