import { describe, expect, it } from 'vitest';
import { instanceRoutes } from '../../../src-shared/service/routes';
import { legacyRoutes } from '../../../src-shared/service/legacy/routes';
import { answerName, routeReference } from '../../support/route-reference';

const isSync = (pattern: string) => pattern.startsWith('/api/sync');
const isBackups = (pattern: string) => pattern.startsWith('/api/backups');

describe('the route reference (docs/routes.md)', () => {
  it('names an exported answer schema for every route', () => {
    const unnamed = [...instanceRoutes, ...legacyRoutes].filter((r) => answerName(r.output) === null).map((r) => `${r.method} ${r.pattern}`);
    expect(unnamed).toEqual([]);
  });

  it('says what the route tables say', async () => {
    const reference = routeReference([
      { title: 'The instance interface', routes: instanceRoutes.filter((r) => !isSync(r.pattern) && !isBackups(r.pattern)) },
      { title: 'Sync (extension)', routes: instanceRoutes.filter((r) => isSync(r.pattern)) },
      { title: 'Backups (extension)', routes: instanceRoutes.filter((r) => isBackups(r.pattern)) },
      { title: 'The legacy interface', routes: legacyRoutes },
    ]);
    await expect(reference).toMatchFileSnapshot('../../../docs/routes.md');
  });
});
