import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { backupPaths } from '../../src-main/backups/layout';
import { archiveHandlers } from '../../src-main/instance/archive-routes';
import { OWNER_TOKEN, startInstance } from '../support/instance';
import { script, serve, stop, texts, TOKEN, write } from './archive-processes';
import { tempDir } from './host-helpers';

/** `POST /api/instance/restore`: an archive uploaded to a real host, staged, and restored at its next start. */

async function archiveOf(written: string[]): Promise<string> {
  const dataDir = tempDir('restore-route-source');
  const host = await serve(dataDir);
  for (const text of written) await write(host.url, text);
  await stop(host);
  const file = path.join(tempDir('restore-route-out'), 'instance.zip');
  const exported = script('export', ['--data', dataDir, '--out', file]);
  expect(await exported.exited, exported.output()).toBe(0);
  return file;
}

interface Answer {
  status: number;
  body: { meta: { text: string | false }; data: Record<string, unknown> | false };
}

async function upload(
  url: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = { Authorization: TOKEN },
): Promise<Answer> {
  const response = await fetch(`${url}/api/instance/restore`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A request that says its body is `declared` bytes long, and sends a few. */
function declaring(url: string, declared: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/instance/restore`,
      { method: 'POST', headers: { Authorization: TOKEN, 'content-length': String(declared) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
        );
      },
    );
    request.on('error', reject);
    request.write('PK');
  });
}

const uploads = (dataDir: string) =>
  fs.existsSync(backupPaths(dataDir).uploadsDir) ? fs.readdirSync(backupPaths(dataDir).uploadsDir) : [];

describe('POST /api/instance/restore', () => {
  it('refuses others than the owner, a truncated archive and an oversized one, keeping nothing of them', async () => {
    const archive = new Uint8Array(fs.readFileSync(await archiveOf(['Archived'])));
    const dataDir = tempDir('restore-route-refusals');
    const host = await serve(dataDir);
    await write(host.url, 'Here before');
    const about = (await (await fetch(`${host.url}/api/about`)).json()) as { data: { extensions: string[] } };
    expect(about.data.extensions).toContain('restore_archive');

    expect((await upload(host.url, archive, {})).status).toBe(403);
    expect((await upload(host.url, archive, { Authorization: 'not-the-token-at-all' })).status).toBe(401);
    const truncated = await upload(host.url, archive.subarray(0, Math.floor(archive.length / 2)));
    expect(truncated.status).toBe(422);
    expect(truncated.body.meta.text).toBe(
      'This Archive Cannot Be Restored: the file is not a zip archive, or it is cut short (its end record is missing)',
    );
    const oversized = await declaring(host.url, 3 * 1024 ** 3);
    expect(oversized.status).toBe(413);
    expect(oversized.body.meta.text).toBe(
      `This Archive Is Larger Than an Upload May Be: at most ${2 * 1024 ** 3} bytes`,
    );

    expect(uploads(dataDir)).toEqual([]);
    expect(fs.existsSync(backupPaths(dataDir).stagingFile)).toBe(false);
    expect(await texts(host.url)).toEqual(['Here before']);
    await stop(host);
  });

  it('stages a sound archive, which replaces the store at the next start after a backup of it', async () => {
    const archive = new Uint8Array(fs.readFileSync(await archiveOf(['Archived 1', 'Archived 2'])));
    const dataDir = tempDir('restore-route-staged');
    let host = await serve(dataDir);
    await write(host.url, 'Here before');

    // Staged and unstaged: the uploaded file goes with it.
    expect((await upload(host.url, archive)).status).toBe(200);
    expect(uploads(dataDir)).toHaveLength(1);
    const unstaged = await fetch(`${host.url}/api/backups/restore`, {
      method: 'DELETE',
      headers: { Authorization: TOKEN },
    });
    expect(unstaged.status).toBe(200);
    expect(uploads(dataDir)).toEqual([]);

    const staged = await upload(host.url, archive);
    expect(staged.status).toBe(200);
    expect(staged.body.data).toEqual({
      staged_restore: null,
      staged_archive: expect.stringMatching(/^upload-\d{8}T\d{9}Z\.zip$/) as unknown,
      next: "The archive is sound. At the next start the store will be backed up as it is then, and replaced by the archive's. Restart the host to restore it (stop npm run serve and start it again).",
    });
    const overview = (await (await fetch(`${host.url}/api/backups`, { headers: { Authorization: TOKEN } })).json()) as {
      data: { staged_archive: string | null };
    };
    expect(overview.data.staged_archive).toBe((staged.body.data as { staged_archive: string }).staged_archive);
    await stop(host);

    host = await serve(dataDir);
    expect(await texts(host.url)).toEqual(['Archived 1', 'Archived 2']);
    const after = (await (await fetch(`${host.url}/api/backups`, { headers: { Authorization: TOKEN } })).json()) as {
      data: {
        staged_archive: string | null;
        backups: { reason: string }[];
        last_restore: { applied: boolean; safety_backup?: string };
      };
    };
    expect(after.data.staged_archive).toBeNull();
    expect(after.data.last_restore).toMatchObject({
      applied: true,
      safety_backup: expect.stringMatching(/-before-restore$/) as unknown,
    });
    expect(after.data.backups.map((backup) => backup.reason)).toEqual(['before-restore']);
    expect(uploads(dataDir)).toEqual([]);
    await stop(host);
  });

  it('stops reading a body that passes the limit, and keeps none of it', async () => {
    const dataDir = tempDir('restore-route-limit');
    const paths = backupPaths(dataDir);
    const instance = await startInstance('memory', undefined, {
      archive: archiveHandlers({
        dataDir,
        paths,
        now: () => Date.parse('2026-11-25T06:00:00Z'),
        restart: 'host',
        uploadLimitBytes: 1000,
      }),
    });
    onTestFinished(() => instance.close());
    const route = instance.service;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        sent += 100;
        controller.enqueue(new Uint8Array(100));
      },
    });
    const response = await route(
      new Request('http://desk.test/api/instance/restore', {
        method: 'POST',
        headers: { authorization: OWNER_TOKEN },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    // It read past the limit by a chunk at most, not the endless body.
    expect(sent).toBeLessThan(1300);
    expect(fs.readdirSync(paths.uploadsDir)).toEqual([]);
  });

  it('takes one upload at a time, and says which staged archive a later one replaces', async () => {
    const archive = new Uint8Array(fs.readFileSync(await archiveOf(['Archived'])));
    const dataDir = tempDir('restore-route-one-at-a-time');
    const paths = backupPaths(dataDir);
    let clock = Date.parse('2026-11-25T06:00:00Z');
    const instance = await startInstance('memory', undefined, {
      archive: archiveHandlers({ dataDir, paths, now: () => (clock += 1000), restart: 'host' }),
    });
    onTestFinished(() => instance.close());
    const post = (body: BodyInit) =>
      instance.service(
        new Request('http://desk.test/api/instance/restore', {
          method: 'POST',
          headers: { authorization: OWNER_TOKEN },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    // The first upload sends half, then waits until the test lets it finish.
    let finish = () => {};
    const waiting = new Promise<void>((resolve) => (finish = resolve));
    const slow = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        controller.enqueue(archive.subarray(0, 1000));
        await waiting;
        controller.enqueue(archive.subarray(1000));
        controller.close();
      },
    });
    const first = post(slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await post(archive);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { meta: { text: string } }).meta.text).toBe(
      'Another Archive Is Being Uploaded: Wait for It to Finish',
    );
    finish();
    const staged = (await (await first).json()) as { data: { staged_archive: string; next: string } };
    expect(staged.data.next).not.toContain('takes the place');
    expect(fs.readdirSync(paths.uploadsDir)).toEqual([staged.data.staged_archive]);

    const later = (await (await post(archive)).json()) as { data: { staged_archive: string; next: string } };
    expect(later.data.next).toContain(
      `It takes the place of the archive ${staged.data.staged_archive}, staged before.`,
    );
    expect(fs.readdirSync(paths.uploadsDir)).toEqual([later.data.staged_archive]);
  });
});
