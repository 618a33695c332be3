import { afterEach, describe, expect, it } from 'vitest';
import { instanceRoutes } from '../../../src-shared/service/routes';
import { startInstance, writePost, type TestInstance } from '../../support/instance';

/**
 * Every route that declares its output answers what it declares, on a real store: each is called once
 * with variables that make it succeed, and its `data` parsed with the route's own schema (strict: nothing
 * missing, nothing extra). Deletes come last, so the others find their post.
 */
const VARIABLES: Record<string, Record<string, string>> = {
  'POST /api/posts/write': { content: 'A **new** post, with #tags', post_type: 'post.note', tags: 'contract' },
  'POST /api/posts/:guid/write': { content: 'An _edited_ text' },
  'POST /api/posts/:guid/pin': { value: 'pin.blue' },
  'GET /api/posts/global': { types: 'post.note,post.article,post.bookmark,post.quotation' },
  'POST /api/account/personas': { handle: 'contract', name: 'Contract Persona' },
  'POST /api/account/personas/:guid': { name: 'A New Name' },
  'POST /api/account/channels': { name: 'Contract Channel' },
  'POST /api/account/channels/:guid': { name: 'A Renamed Channel' },
  'POST /api/account/me': { display_name: 'The Owner' },
  'POST /api/account/password': { current: 'the first password', password: 'a contract password' },
  'POST /api/account/:persona_guid/bio': { bio_text: 'I write **here**.' },
  'POST /api/auth/login': { account_name: 'owner', account_pass: 'a contract password' },
};

describe('the contract of the instance interface', () => {
  let instance: TestInstance;
  afterEach(async () => instance?.close());

  const declaredRoutes = instanceRoutes.filter((route) => route.output !== undefined);

  it('declares the output of every route but those of sync', () => {
    const covered = instanceRoutes.filter((route) => !route.pattern.startsWith('/api/sync'));
    expect(covered.filter((route) => route.output === undefined).map((route) => `${route.method} ${route.pattern}`)).toEqual([]);
  });

  it('answers every declared route with what it declares', async () => {
    instance = await startInstance('sqlite', 'the first password');
    const parent = await writePost(instance, { content: 'A bookmark worth reading', post_type: 'post.bookmark', source_url: 'https://example.org/read', source_title: 'Read this', geo_description: 'Home' });
    await writePost(instance, { content: 'A reply to it', reply_to: parent.guid });
    const channel = (await instance.call('POST', '/api/account/channels', { params: { name: 'Second Channel' } })).json.data;
    /** What a `:guid` names, by the route's path. */
    const targetOf = async (route: (typeof declaredRoutes)[number], key: string): Promise<string> => {
      if (route.pattern.startsWith('/api/account/personas') || route.pattern.includes(':persona_guid')) return instance.personaGuid;
      if (route.pattern.startsWith('/api/account/channels')) return channel.guid;
      // The delete without a GUID in its path names its post as a variable; each delete takes a post of its own.
      if (route.method === 'DELETE' && !route.pattern.includes('/:guid/')) return (await writePost(instance, { content: `To be deleted by ${key}` })).guid;
      return parent.guid;
    };
    const ordered = [...declaredRoutes].sort((a, b) => Number(a.method === 'DELETE' && !a.pattern.includes('/:guid/')) - Number(b.method === 'DELETE' && !b.pattern.includes('/:guid/')));
    const seen: string[] = [];
    let signedIn: string | undefined;
    for (const route of ordered) {
      const key = `${route.method} ${route.pattern}`;
      const target = await targetOf(route, key);
      const path = route.pattern.replace(/:guid|:persona_guid/, target);
      const params = {
        ...(VARIABLES[key] ?? {}),
        ...(route.pattern === '/api/posts' ? { guid: target } : {}),
        ...(route.pattern.endsWith('/access') ? { persona_guid: instance.personaGuid, access: 'write' } : {}),
      };
      // Signing out ends the token it is sent with: it gets a token of its own.
      const token = key === 'POST /api/auth/logout' ? signedIn : undefined;
      const answer = await instance.call(route.method, path, { params, ...(token ? { token } : {}) });
      if (key === 'POST /api/auth/login') signedIn = answer.json.data.token;
      expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBe(200);
      const parsed = route.output?.safeParse(answer.json.data);
      expect(parsed?.success, `${key}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true);
      seen.push(key);
    }
    expect(seen).toHaveLength(declaredRoutes.length);
  });
});
