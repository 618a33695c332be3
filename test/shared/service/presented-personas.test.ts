import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { expectOk } from './helpers';

/** The initial a drawn avatar shows (service/present.ts draws one for a Persona without its own). */
const initialOf = (avatar: string): string | undefined =>
  /<text[^>]*>(.)<\/text>/.exec(decodeURIComponent(avatar))?.[1];

describe.each(BACKENDS)('the Persona shown with each post (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
    await writePost(instance, { content: 'One' });
    await writePost(instance, { content: 'Two' });
  });
  afterEach(async () => {
    await instance.close();
  });

  const page = async (path: string) => {
    const result = await instance.call('GET', path);
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json.data;
  };

  it('is drawn anew once the Persona is renamed, in both interfaces', async () => {
    const before = await page('/api/posts/global');
    expect(before).toHaveLength(2);
    expect(before[0].persona).toEqual(before[1].persona);
    const path = `/api/account/personas/${instance.personaGuid}`;
    expectOk(await instance.call('POST', path, { params: { name: 'Zed' } }));

    const after = await page('/api/posts/global');
    for (const post of after) {
      expect(post.persona.name).toBe('Zed');
      expect(initialOf(post.persona.avatar)).toBe('Z');
    }
    const blurbs = await page('/content/blurbs/global');
    for (const post of blurbs) {
      expect(post.account[0].display_name).toBe('Zed');
      expect(initialOf(post.account[0].avatar_url)).toBe('Z');
    }
  });

  it("shows the Persona's own avatar once it has one", async () => {
    await page('/api/posts/global');
    const avatar_url = 'https://example.com/me.png';
    expectOk(await instance.call('POST', `/api/account/personas/${instance.personaGuid}`, { params: { avatar_url } }));
    for (const post of await page('/api/posts/global')) expect(post.persona.avatar).toBe(avatar_url);
  });
});
