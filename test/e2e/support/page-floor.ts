import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

const POSTS = 8;

/**
 * The floor of a first load in the same browser, contexts and marks as `npm run bench:page`: a static page
 * that already holds a feed of a few posts, under the built page's own stylesheet, from a bare HTTP server.
 * It runs no script and asks for nothing else, so its time is the browser's own (a new context, the
 * document, the stylesheet, the first frame); what the page takes beyond it is the page's and the
 * instance's. Answers the mark of each load, in ms from navigation.
 */
export async function pageFloor(
  rendererDir: string,
  newContext: () => Promise<BrowserContext>,
  runs: number,
): Promise<number[]> {
  const assets = path.join(rendererDir, 'assets');
  const sheet = fs.readdirSync(assets).find((file) => file.endsWith('.css'));
  if (sheet === undefined) throw new Error(`no stylesheet in ${assets}`);
  const css = fs.readFileSync(path.join(assets, sheet));
  const post = '<article><p>A post of a few words, as the first rows of a timeline hold them.</p></article>';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title>' +
    `<link rel="stylesheet" href="/${sheet}"></head><body><div id="root">` +
    `<div role="feed" aria-label="Everything">${post.repeat(POSTS)}</div></div></body></html>`;
  const server = http.createServer((req, res) => {
    const isSheet = req.url === `/${sheet}`;
    res.writeHead(200, { 'content-type': isSheet ? 'text/css' : 'text/html; charset=utf-8' });
    res.end(isSheet ? css : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const marks: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/everything`);
      await page.waitForFunction(() => performance.getEntriesByName('first-post-drawn').length > 0);
      marks.push(await page.evaluate(() => performance.getEntriesByName('first-post-drawn')[0]?.startTime ?? NaN));
      await context.close();
    }
    return marks;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
