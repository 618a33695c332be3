import { describe, expect, it, onTestFinished } from 'vitest';
import { OWNER_TOKEN } from '../../support/instance';
import { startDesktop, startServedInstance } from '../../support/sync-instances';

describe("a remote's Personas and Channels", () => {
  it("are linked to the instance's owner, whatever other account the store holds", async () => {
    const remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    const desktop = await startDesktop('memory');
    onTestFinished(() => desktop.close());
    const owner = await desktop.db.accounts.get(desktop.accountGuid);
    if (!owner) throw new Error('no owner');
    // Another account, first by its key and last by its name: the owner is the first by name.
    await desktop.db.accounts.add({ ...owner, guid: '00000000-0000-4000-8000-000000000000', name: 'zz-other' });

    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: remote.url, token: OWNER_TOKEN },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const linked = await desktop.db.personas.get(added.json.data.personas[0].guid as string);
    expect(linked?.accountGuid).toBe(desktop.accountGuid);
    // So the owner writes as it.
    const written = await desktop.call('POST', '/api/posts/write', {
      params: { content: 'As the linked Persona', post_type: 'post.note', persona_guid: linked?.guid ?? '' },
    });
    expect(written.status, JSON.stringify(written.json)).toBe(200);
  });
});
