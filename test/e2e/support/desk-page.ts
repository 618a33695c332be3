import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startHost, type RunningHost } from '../../../src-main/host/start';

const PROJECT = path.resolve(import.meta.dirname, '../../..');
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const SHOTS = '/tmp/ui-shots';

/** Debian's Chromium, headless; the browser cannot be downloaded here, so playwright-core drives this one. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
}

let built: Promise<string> | null = null;

/** `electron-vite build` into a folder of its own, once per test file: the page exactly as it ships. */
export function buildPage(): Promise<string> {
  built ??= new Promise((resolve, reject) => {
    const out = tempDir('desk-e2e-build');
    const child = spawn(
      process.execPath,
      [
        path.join(PROJECT, 'node_modules/electron-vite/bin/electron-vite.js'),
        'build',
        '--outDir',
        out,
        '--logLevel',
        'warn',
      ],
      { cwd: PROJECT },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(path.join(out, 'renderer')) : reject(new Error(`electron-vite build failed:\n${output}`)),
    );
  });
  return built;
}

export interface HostSpec {
  dataDir: string;
  databaseName: string;
  token: string;
  password?: string | undefined;
  port?: number;
}

/** A real headless host in this process: the real service, the real SQLite store, the built page at `/`. */
export async function startDeskHost(spec: HostSpec): Promise<RunningHost> {
  return startHost({
    host: '127.0.0.1',
    port: spec.port ?? 0,
    dataDir: spec.dataDir,
    databaseName: spec.databaseName,
    token: spec.token,
    ...(spec.password ? { password: spec.password } : {}),
    staticRoot: await buildPage(),
    syncTickMs: 200,
  });
}

/** A browser context signed in with `token` through the sign-in screen, as a person does it; the page's errors are collected in `errors` (into `options.errors` when given). */
export async function signedInPage(
  browser: Browser,
  url: string,
  token: string,
  options: { colorScheme?: 'light' | 'dark' | undefined; fakeClock?: boolean | undefined; errors?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 860 },
    colorScheme: options.colorScheme ?? 'light',
  });
  // A clock the test can move ahead (page.clock.fastForward): polls every 15 s need not take 15 s.
  if (options.fakeClock) await context.clock.install();
  const page = await context.newPage();
  const errors = options.errors ?? [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/favicon|status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  await page.goto(url);
  await page.getByRole('textbox', { name: 'Owner token' }).fill(token);
  await page.getByRole('button', { name: 'Use this token' }).click();
  await page.getByRole('feed', { name: 'Home' }).or(page.getByText('Nothing here yet')).first().waitFor();
  return { context, page, errors };
}

/**
 * Scrolls a scroller (to `top`, or `by` that much) and waits until the page has handled it: the scroll
 * event, and the frame after it, in which the rows for the new place are drawn.
 */
export async function scrollAndSettle(scroller: Locator, where: { top: number } | { by: number }): Promise<void> {
  await scroller.evaluate(
    (el, to) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no scroll event within 5 s')), 5_000);
        const settled = () => {
          clearTimeout(timer);
          resolve();
        };
        el.addEventListener('scroll', () => requestAnimationFrame(settled), { once: true });
        el.scrollTop = 'top' in to ? to.top : el.scrollTop + to.by;
      }),
    where,
  );
}

/** Waits for the page to draw two frames: what a resize or a change just made has been laid out and observed. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The owner API, for arranging what a test needs and checking what the page did. */
export async function api(
  base: string,
  token: string,
  method: string,
  pathname: string,
  body?: Record<string, unknown>,
) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // Any shape: tests read arbitrary envelopes.
  return { status: response.status, json: await response.json() };
}
