import { describe, expect, it } from 'vitest';
import { archiveRoutes } from '../../../src-shared/api/archive-routes';
import { backupRoutes } from '../../../src-shared/api/backup-routes';
import { eventRoutes } from '../../../src-shared/api/event-routes';
import { instanceRoutes } from '../../../src-shared/api/instance-routes';
import { legacyRoutes } from '../../../src-shared/api/legacy-routes';
import { routes } from '../../../src-shared/api/routes';
import { syncRoutes } from '../../../src-shared/api/sync-routes';
import { answerName, routeReference } from '../../support/route-reference';

/** The tables, as docs/routes.md lists them. */
const SECTIONS = [
  { title: 'The instance interface', routes: instanceRoutes },
  { title: 'Sync (extension)', routes: syncRoutes },
  { title: 'Backups (extension)', routes: backupRoutes },
  { title: 'The archive (extension)', routes: archiveRoutes },
  { title: 'Events (extension)', routes: eventRoutes },
  { title: 'The legacy interface', routes: legacyRoutes },
];

describe('the route reference (docs/routes.md)', () => {
  it('names an exported answer schema for every route', () => {
    const unnamed = Object.values(routes)
      .filter((r) => answerName(r.output) === null)
      .map((r) => `${r.method} ${r.pattern}`);
    expect(unnamed).toEqual([]);
  });

  it('says what the route tables say', async () => {
    expect(SECTIONS.flatMap((section) => Object.keys(section.routes)).sort()).toEqual(Object.keys(routes).sort());
    await expect(routeReference(SECTIONS)).toMatchFileSnapshot('../../../docs/routes.md');
  });
});
