import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Names the folder a run of the suites keeps its temporary files in, for the suites that check it. */
export const TEMP_ROOT_VARIABLE = 'DESK_TEST_TEMP_ROOT';

/**
 * Vitest's global setup: one folder for everything the suites make in the temporary folder, removed when
 * the run ends. Every suite, host process, Chromium and streams peer they start takes its temporary files
 * from TMPDIR (os.tmpdir()), which the workers inherit; a store a test made is tens of megabytes, and a
 * run makes thousands of folders that no test could remove itself without racing the processes still
 * using them.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-tests-'));
  // Made for this user alone; the streams peer's MariaDB runs as the mysql user, which must reach its folder inside.
  fs.chmodSync(root, 0o755);
  process.env['TMPDIR'] = root;
  process.env[TEMP_ROOT_VARIABLE] = root;
  return () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
