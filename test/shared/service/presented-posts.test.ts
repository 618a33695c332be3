import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, OWNER_TOKEN, startInstance, writePost, type TestInstance } from '../../support/instance';
import { addAccount, expectOk, type OtherAccount } from './helpers';

/** Presented posts are kept between writes (service/presented-posts.ts); what a reader sees is never older. */
describe.each(BACKENDS)('posts presented between writes (%s)', (backend) => {
  let instance: TestInstance;
  let other: OtherAccount;
  let guid: string;
  beforeEach(async () => {
    instance = await startInstance(backend);
    other = await addAccount(instance);
    guid = (await writePost(instance, { content: 'First words' })).guid;
    await writePost(instance, { content: 'Second' });
  });
  afterEach(async () => {
    await instance.close();
  });

  /** The answer's text as sent, from `origin`. */
  const text = async (path: string, token: string | null = OWNER_TOKEN, origin = 'http://desk.test') => {
    const headers: Record<string, string> = token === null ? {} : { authorization: token };
    const response = await instance.service(new Request(new URL(path, origin), { headers }));
    expect(response.status).toBe(200);
    return response.text();
  };
  const postIn = async (path: string, token: string | null = OWNER_TOKEN) =>
    (JSON.parse(await text(path, token)) as { data: { guid: string }[] }).data.find((post) => post.guid === guid);

  it('answers the same text again while nothing is written', async () => {
    for (const path of ['/api/posts/global', '/content/blurbs/global', '/content/blurbs/global?simple_posts=Y']) {
      const first = await text(path);
      expect(await text(path)).toBe(first);
      expect(JSON.parse(first).data).toHaveLength(2);
    }
  });

  it('shows an edit, a star and a pin in the very next read', async () => {
    await postIn('/api/posts/global');
    await postIn('/content/blurbs/global');
    const edited = await instance.call('POST', `/api/posts/${guid}/write`, {
      params: { content: 'Other words', post_type: 'post.note' },
    });
    expectOk(edited);
    expect(await postIn('/api/posts/global')).toMatchObject({ text: 'Other words' });
    expect(await postIn('/content/blurbs/global')).toMatchObject({ content: { text: 'Other words' } });
    expectOk(await instance.call('POST', `/api/posts/${guid}/star`));
    expect(await postIn('/api/posts/global')).toMatchObject({ attributes: { starred: true } });
    expect(await postIn('/content/blurbs/global')).toMatchObject({ you_starred: true });
    expectOk(await instance.call('POST', `/api/posts/${guid}/pin`, { params: { value: 'pin.red' } }));
    expect(await postIn('/api/posts/global')).toMatchObject({ attributes: { pin: 'pin.red' } });
  });

  it("shows each reader their own marks and Personas, never another's", async () => {
    expectOk(await instance.call('POST', `/api/posts/${guid}/star`));
    for (let round = 0; round < 2; round++) {
      expect(await postIn('/api/posts/global')).toMatchObject({
        attributes: { starred: true },
        persona: { is_you: true },
      });
      expect(await postIn('/api/posts/global', other.token)).toMatchObject({
        attributes: { starred: false },
        persona: { is_you: false },
      });
      expect(await postIn('/api/posts/global', null)).toMatchObject({ persona: { is_you: false } });
      expect(await postIn('/content/blurbs/global')).toMatchObject({ you_starred: true, account: [{ is_you: true }] });
      expect(await postIn('/content/blurbs/global', other.token)).toMatchObject({
        you_starred: false,
        account: [{ is_you: false }],
      });
    }
  });

  it('completes URLs with the origin each request used', async () => {
    const here = JSON.parse(await text('/api/posts/global'));
    const there = JSON.parse(await text('/api/posts/global', OWNER_TOKEN, 'http://elsewhere.test:8080'));
    expect(here.data[0].canonical_url).toMatch(/^http:\/\/desk\.test\//);
    expect(there.data[0].canonical_url).toMatch(/^http:\/\/elsewhere\.test:8080\//);
    expect(there.data[0].persona.profileurl).toMatch(/^http:\/\/elsewhere\.test:8080\//);
  });
});
