import { describe, expect, it } from 'vitest';
import { openStoreFolder } from '../../src-main/store/store-folder';
import { serve, stop, texts, TOKEN, write } from './archive-processes';
import { tempDir } from './host-helpers';

/**
 * An archive that cannot be made is answered as an error, with its status and reason, and logged; it is
 * never a download that starts and breaks off. The store here holds a row no writer of this version makes
 * (as an older release could have left one), which the export refuses to put in an archive.
 */
describe('GET /api/instance/export of a store it cannot archive', () => {
  it('answers 500 with the reason, logs it, and goes on serving', async () => {
    const dataDir = tempDir('export-failure');
    const store = await openStoreFolder({ dataDir, token: TOKEN, now: Date.now() });
    store.close();
    const host = await serve(dataDir);
    const guid = await write(host.url, 'Soon out of bounds');
    await stop(host);
    const again = await openStoreFolder({ dataDir, token: TOKEN, now: Date.now() });
    const post = await again.db.posts.where('guid').equals(guid).first();
    if (!post?.id) throw new Error('the post was not written');
    await again.db.posts.update(post.id, { canonicalPath: 'javascript:alert(1)' });
    again.close();

    const restarted = await serve(dataDir);
    const response = await fetch(`${restarted.url}/api/instance/export`, { headers: { Authorization: TOKEN } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { meta: { code: number; text: string }; data: unknown };
    expect(body.meta.code).toBe(500);
    expect(body.meta.text).toBe(
      `The Archive Could Not Be Made: cannot export posts row "${guid}": canonicalPath must be a path such as /notes/hello`,
    );
    expect(body.data).toBe(false);
    expect(restarted.output()).toContain(`cannot export posts row "${guid}"`);
    expect(await texts(restarted.url)).toEqual(['Soon out of bounds']);
    await stop(restarted);
  });
});
