import { afterEach, describe, expect, it } from 'vitest';
import {
  dropUnconfirmed,
  dueUnconfirmed,
  noteUnconfirmed,
  UNCONFIRMED_AT_MOST,
} from '../../../src-shared/sync/unconfirmed';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { guidOf } from '../../support/pulled';

/** The posts a remote's lists leave to be read again by themselves (sync/confirm.ts), as the store keeps them. */
describe.each(BACKENDS)('notes of versions to read again (%s)', (backend) => {
  let instance: TestInstance;
  afterEach(async () => {
    await instance.close();
  });

  it('keep one per post, the soonest due, and at most their bound, the latest noted', async () => {
    instance = await startInstance(backend);
    const db = instance.db;
    await noteUnconfirmed(db, 'r1', [{ postGuid: guidOf(1), dueUnix: 200 }]);
    await noteUnconfirmed(db, 'r1', [
      { postGuid: guidOf(1), dueUnix: 100 },
      { postGuid: guidOf(2), dueUnix: 300 },
    ]);
    await noteUnconfirmed(db, 'r1', [{ postGuid: guidOf(2), dueUnix: 400 }]);
    expect(await dueUnconfirmed(db, 'r1', 1_000, 20)).toEqual([
      { postGuid: guidOf(1), dueUnix: 100 },
      { postGuid: guidOf(2), dueUnix: 300 },
    ]);
    expect(await dueUnconfirmed(db, 'r1', 250, 20)).toEqual([{ postGuid: guidOf(1), dueUnix: 100 }]);
    expect(await dueUnconfirmed(db, 'r2', 1_000, 20)).toEqual([]);

    await noteUnconfirmed(
      db,
      'r1',
      Array.from({ length: UNCONFIRMED_AT_MOST + 100 }, (_, i) => ({ postGuid: guidOf(1_000 + i), dueUnix: 500 })),
    );
    const kept = await dueUnconfirmed(db, 'r1', 1_000, 10_000);
    expect(kept).toHaveLength(UNCONFIRMED_AT_MOST);
    expect(kept.at(-1)).toEqual({ postGuid: guidOf(1_000 + UNCONFIRMED_AT_MOST + 99), dueUnix: 500 });

    // Read again, a note goes; one noted anew meanwhile (another due time) stays.
    const [first, second] = kept;
    if (!first || !second) throw new Error('notes expected');
    await noteUnconfirmed(db, 'r1', [{ postGuid: second.postGuid, dueUnix: 50 }]);
    await dropUnconfirmed(db, 'r1', [first, second]);
    const left = await dueUnconfirmed(db, 'r1', 1_000, 10_000);
    expect(left.map((n) => n.postGuid)).not.toContain(first.postGuid);
    expect(left).toContainEqual({ postGuid: second.postGuid, dueUnix: 50 });
  });
});
