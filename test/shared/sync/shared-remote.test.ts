import { describe, expect, it, onTestFinished } from 'vitest';
import {
  addRemote,
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

/** Two desktops of one person, both syncing with the same remote account. */
describe('two desktops sharing a remote', () => {
  let remote: ServedInstance;
  let laptop: DesktopInstance;
  let office: DesktopInstance;

  /** What one instance holds, scheduled posts too: the clocks differ, so a post sent may lie ahead of the other's. */
  const texts = async (instance: ServedInstance | DesktopInstance) =>
    ((await instance.call('GET', '/api/posts/global?count=250&scheduled=include')).json.data as { text: string }[]).map(
      (p) => p.text,
    );

  it('see each other’s posts and edits through the remote, each exactly once', async () => {
    remote = await startServedInstance('sqlite');
    onTestFinished(() => remote.stop());
    laptop = await startDesktop('sqlite');
    onTestFinished(() => laptop.close());
    office = await startDesktop('memory');
    onTestFinished(() => office.close());
    const onLaptop = (await addRemote(laptop, remote)).guid;
    const onOffice = (await addRemote(office, remote)).guid;
    const syncLaptop = async () => (await laptop.call('POST', `/api/sync/remotes/${onLaptop}/sync`)).json.data;
    const syncOffice = async () => (await office.call('POST', `/api/sync/remotes/${onOffice}/sync`)).json.data;
    const as = remote.personaGuid;

    laptop.clock.advance(10);
    const written = (
      await laptop.call('POST', '/api/posts/write', {
        params: { content: 'From the laptop', post_type: 'post.note', persona_guid: as },
      })
    ).json.data[0];
    expect(await syncLaptop()).toMatchObject({ pending: 0, last_error: false });
    await syncOffice();
    expect(await texts(office)).toEqual(['From the laptop']);

    // The office edits the post the laptop wrote: it is the same Persona's post there. The remote's clock
    // stands still, so the edit has the same updated_unix as the version the laptop holds.
    const guid =
      ((await office.call('GET', '/api/posts/global?scheduled=include')).json.data as { guid: string }[])[0]?.guid ??
      '';
    expect(guid).not.toBe(written.guid);
    office.clock.advance(3_600);
    expect(
      (
        await office.call('POST', `/api/posts/${guid}/write`, {
          params: { content: 'From the laptop, edited at the office' },
        })
      ).status,
    ).toBe(200);
    expect(await syncOffice()).toMatchObject({ pending: 0, attention: [], last_error: false });
    laptop.clock.advance(3_600);
    await syncLaptop();

    expect(await texts(office)).toEqual(['From the laptop, edited at the office']);
    expect(await texts(remote)).toEqual(['From the laptop, edited at the office']);
    expect(await texts(laptop)).toEqual(['From the laptop, edited at the office']);
  });
});
