import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Request, Route } from 'playwright-core';
import { api, hasChromium, shot } from './support/desk-page';
import { useDesk } from './support/use-desk';

const TOKEN = 'e2e-first-load-owner-token-0123456789';

/** A name only React DOM's code holds (the key it keeps its root under): the script with it draws the shell. */
const REACT_DOM_MARK = '__reactContainer$';

/**
 * A returning person's first load: the page asks for the timeline of its address, and for the account, while
 * the code that draws the shell is still on its way, so the instance's answers and the shell's code arrive
 * together.
 */
describe.skipIf(!hasChromium)('the first load', () => {
  const { context, host, errors } = useDesk({
    name: 'first-load',
    token: TOKEN,
    open: 'signed-out',
    arrange: async ({ host }) => {
      for (const content of ['A first note', 'A second note'])
        await api(host.url, TOKEN, 'POST', '/api/posts/write', { content, post_type: 'post.note' });
    },
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('asks for the first timeline and the account before the code that draws the shell has arrived', async () => {
    await context.addInitScript(
      (token) => localStorage.setItem('desk.session.v1', JSON.stringify({ token, source: 'pasted' })),
      TOKEN,
    );
    const page = await context.newPage();
    onTestFailed(() => shot(page, 'failed-first-load'));
    page.on('pageerror', (error) => errors.push(error.message));

    // Every script that holds React DOM is held back until the page has asked for the timeline and the
    // account (or, when it does not ask without it, until a few seconds have passed: the page then goes on,
    // and the test fails).
    const early = ['/api/posts/global', '/api/account/me'];
    const seen = new Set<string>();
    let allAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      allAsked = resolve;
      setTimeout(resolve, 5_000);
    });
    page.on('request', (request: Request) => {
      seen.add(new URL(request.url()).pathname);
      if (early.every((path) => seen.has(path))) allAsked();
    });
    const notAskedBeforeShell = new Set<string>();
    await page.route('**/assets/*.js', async (route: Route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(REACT_DOM_MARK)) {
        await asked;
        for (const path of early) if (!seen.has(path)) notAskedBeforeShell.add(path);
      }
      await route.fulfill({ response, body });
    });

    await page.goto(`${host.url}/everything`);
    await asked;
    expect(early.filter((path) => !seen.has(path))).toEqual([]);

    // Once the shell's code is in, it shows the timeline asked for.
    const feed = page.getByRole('feed', { name: 'Everything' });
    for (const text of ['A first note', 'A second note'])
      await feed.getByRole('article').filter({ hasText: text }).waitFor();
    expect([...notAskedBeforeShell]).toEqual([]);
    await page.unrouteAll({ behavior: 'wait' });
  });

  it('draws its first timeline without anything its Content-Security-Policy refuses, such as code made of text', async () => {
    await context.addInitScript(
      (token) => localStorage.setItem('desk.session.v1', JSON.stringify({ token, source: 'pasted' })),
      TOKEN,
    );
    await context.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
    });
    const page = await context.newPage();
    onTestFailed(() => shot(page, 'failed-first-load-policy'));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}/everything`);
    await page.getByRole('feed', { name: 'Everything' }).getByRole('article').first().waitFor();
    // A refusal is told in a task of its own: one more task, and every refusal of the load has been told.
    const refused = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          setTimeout(() => resolve((window as unknown as { refused: unknown }).refused)),
        ),
    );
    expect(refused).toEqual([]);
  });
});
