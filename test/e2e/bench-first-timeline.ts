/**
 * `npm run bench:page`: how soon the page shows its first timeline on a large instance (as the driver sees
 * it, and as the page marks the frame that draws it) beside the browser's own floor for a first load, how
 * much CPU time the page's main thread spends until then, and what scrolling far down a timeline costs. Prints
 * figures, asserts nothing. BENCH_POSTS sets the instance's size (default 100,000; the corpus of
 * test/bench), BENCH_RUNS the number of page loads measured (default 7). BENCH_DATA names a folder to keep
 * the instance in and to reuse on the next run (building 100,000 posts and their search index takes
 * minutes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { storeFileOf } from '../../src-main/store/sqlite-files';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { putPostsInOneTransaction } from '../../src-shared/store/bulk';
import { openDatabase } from '../../src-shared/store/db';
import { indexAllQueuedWords } from '../../src-shared/store/word-index';
import { buildCorpus } from '../bench/corpus';
import type { Page } from 'playwright-core';
import { buildPage, launchChromium, startDeskHost, tempDir } from './support/desk-page';
import { mainThreadCpu } from './support/main-thread-cpu';
import { pageFloor } from './support/page-floor';

const POSTS = Number(process.env['BENCH_POSTS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const TOKEN = 'bench-page-owner-token-0123456789';
const dataDir = process.env['BENCH_DATA'] ?? tempDir('desk-bench-page');
const reuse = fs.existsSync(path.join(dataDir, 'db', storeFileOf('bench')));
const report = (line: string) => process.stdout.write(`${line}\n`);

async function importCorpus(): Promise<void> {
  const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')), 'bench');
  await db.open();
  const { accountGuid } = await ensureOwner(db, { token: TOKEN, now: Date.now() });
  const personas = (await db.personas.toArray()).map((p) => p.guid);
  const channels = (await db.channels.toArray()).map((c) => c.guid);
  const corpus = buildCorpus({ count: POSTS, accountGuid, personas, channels, handles: ['me'] });
  const started = performance.now();
  for (let i = 0; i < corpus.rows.length; i += 2000) await putPostsInOneTransaction(db, corpus.rows.slice(i, i + 2000));
  // The search index is built before the host starts, so its indexer does not share the store with the page.
  await indexAllQueuedWords(db);
  report(`instance: ${POSTS} posts imported and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  db.close();
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const spread = (values: number[]): string =>
  `median ${median(values).toFixed(0)} ms, best ${Math.min(...values).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms`;

/**
 * Run in the page before its own code: marks the frame that first shows a post of the Everything feed
 * (`first-post-drawn`: the screen the page kept at the last visit, painted before its code runs, or the
 * page's own timeline) and the frame that first shows a post of the page's own timeline (`timeline-drawn`).
 * The observer sees the first article arrive; the mark is taken in a task after that frame's animation
 * frame, once it is drawn. The driver's wait below sees the post later, by a role query polled from outside
 * and a round trip back, which on this machine adds some tens of milliseconds that are not the page's.
 */
const MARK_FIRST_POST = `(() => {
  const marks = [
    ['first-post-drawn', '[role="feed"][aria-label="Everything"] article'],
    ['timeline-drawn', '#root [role="feed"][aria-label="Everything"] article'],
  ];
  const watch = new MutationObserver(() => {
    for (const mark of marks) {
      if (mark[2] || !document.querySelector(mark[1])) continue;
      mark[2] = true;
      requestAnimationFrame(() => setTimeout(() => performance.mark(mark[0]), 0));
    }
    if (marks.every((mark) => mark[2])) watch.disconnect();
  });
  watch.observe(document, { childList: true, subtree: true });
})()`;

if (reuse) report(`instance: reusing ${dataDir}`);
else await importCorpus();
const host = await startDeskHost({ dataDir, databaseName: 'bench', token: TOKEN });
const browser = await launchChromium();

/**
 * A browser context of its own for each load (nothing cached), signed in already, as a returning person is:
 * the figure is the page and the instance, not typing. With `keptScreen`, the browser also holds the screen
 * the page kept at the person's last visit (src-renderer/first-screen/), which a returning person's has.
 */
async function signedInContext(keptScreen?: string) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  await context.addInitScript(
    ({ token, keptScreen }) => {
      localStorage.setItem('desk.session.v1', JSON.stringify({ token, source: 'pasted' }));
      if (keptScreen !== undefined) localStorage.setItem('desk.first-screen.v1', keptScreen);
    },
    { token: TOKEN, keptScreen },
  );
  await context.addInitScript(MARK_FIRST_POST);
  return context;
}

const markOf = (page: Page, name: string) =>
  page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN, name);

/**
 * The browser's own time of the page's first paint of text (First Contentful Paint). With a kept screen it
 * is the frame that paints it: the page holds no text before.
 */
const firstContentfulPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);

/** A visit that keeps its screen for the next: what the browser of a returning person holds. */
async function keptScreenOfAVisit(): Promise<string> {
  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto(`${host.url}/everything`);
  await page.waitForFunction(() => localStorage.getItem('desk.first-screen.v1') !== null);
  const kept = await page.evaluate(() => localStorage.getItem('desk.first-screen.v1') ?? '');
  await context.close();
  return kept;
}

try {
  const firstTimeline: number[] = [];
  const firstDrawn: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`${host.url}/everything`);
    await page.getByRole('feed', { name: 'Everything' }).getByRole('article').first().waitFor();
    firstTimeline.push(await page.evaluate(() => performance.now()));
    await page.waitForFunction(() => performance.getEntriesByName('timeline-drawn').length > 0);
    firstDrawn.push(await markOf(page, 'timeline-drawn'));
    if (run === 0 && process.env['BENCH_DETAIL']) {
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => `${e.name.replace(location.origin, '')} ${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`),
      );
      report(entries.join('\n'));
    }
    await context.close();
  }
  report(
    `first timeline visible after opening the page in a browser that kept no screen: ${spread(firstTimeline)} (${RUNS} loads, global timeline of ${POSTS} posts, from navigation start, as the driver sees it)`,
  );
  report(`first post drawn, as the page marks it: ${spread(firstDrawn)}`);

  const kept = await keptScreenOfAVisit();
  const painted: number[] = [];
  const drawnAfterPaint: number[] = [];
  const paintedText: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext(kept);
    const page = await context.newPage();
    await page.goto(`${host.url}/everything`);
    await page.waitForFunction(() => performance.getEntriesByName('timeline-drawn').length > 0);
    painted.push(await markOf(page, 'first-post-drawn'));
    paintedText.push(await firstContentfulPaint(page));
    drawnAfterPaint.push(await markOf(page, 'timeline-drawn'));
    if (process.env['BENCH_DETAIL']) {
      const arrived = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js') || e.name.endsWith('.css'))
          .map(
            (e) => `${e.name.replace(/.*\/assets\//, '')} ${(e as PerformanceResourceTiming).responseEnd.toFixed(0)}`,
          ),
      );
      report(
        `  kept screen put in at ${(await markOf(page, 'first-screen-painted')).toFixed(0)} ms, painted ${paintedText.at(-1)?.toFixed(0)}, marked ${painted.at(-1)?.toFixed(0)}; arrived: ${arrived.join(', ')}`,
      );
    }
    await context.close();
  }
  report(
    `a returning person's browser, holding the screen of the last visit (${(kept.length / 1024).toFixed(0)} KB): first post on screen ${spread(painted)} as the page marks it, ${spread(paintedText)} as the browser times its first paint of text; the page's own timeline drawn in its place ${spread(drawnAfterPaint)}`,
  );

  const floor = await pageFloor(await buildPage(), () => signedInContext(), RUNS);
  report(
    `the browser's floor, a static page of 8 posts under the same stylesheet, marked alike: ${spread(floor)}; the page takes ${(median(firstDrawn) / median(floor)).toFixed(1)}× it without a kept screen, ${(median(painted) / median(floor)).toFixed(1)}× with one`,
  );

  // Loads of their own: a trace slows the page down, so the times above are taken without one.
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext();
    const page = await context.newPage();
    cpu.push(
      await mainThreadCpu(browser, host.url, 'first-post-drawn', async () => {
        await page.goto(`${host.url}/everything`);
        await page.waitForFunction(() => performance.getEntriesByName('first-post-drawn').length > 0);
      }),
    );
    await context.close();
  }
  report(`main-thread CPU from navigation to the first post drawn: ${spread(cpu)} (Chromium traces, ${RUNS} loads)`);

  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto(`${host.url}/everything`);
  const feed = page.getByRole('feed', { name: 'Everything' });
  await feed.getByRole('article').first().waitFor();
  const started = performance.now();
  const frames = await feed.evaluate(async (el) => {
    const gaps: number[] = [];
    let last = performance.now();
    const until = performance.now() + 8000;
    while (performance.now() < until) {
      el.scrollBy(0, 400);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    return gaps;
  });
  const loaded = await feed.evaluate((el) => el.querySelectorAll('article').length);
  const rows = await page.evaluate(() => document.querySelectorAll('[data-index]').length);
  const indexes = await page.evaluate(() =>
    [...document.querySelectorAll('[data-index]')].map((e) => Number(e.getAttribute('data-index'))),
  );
  const sorted = [...frames].sort((a, b) => a - b);
  report(
    `scrolling 400 px per frame for ${((performance.now() - started) / 1000).toFixed(1)} s: reached post ${Math.max(...indexes)}, ${rows} rows in the DOM (${loaded} articles), frame gap p50 ${median(frames).toFixed(1)} ms, p95 ${(sorted[Math.floor(sorted.length * 0.95)] ?? NaN).toFixed(1)} ms`,
  );
  await context.close();
} finally {
  await browser.close();
  await host.close();
  if (!process.env['BENCH_DATA']) fs.rmSync(dataDir, { recursive: true, force: true });
}
