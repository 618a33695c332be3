import { describe, expect, it } from 'vitest';
import { compare, expectedOf, readOutput } from './results';
import { runFile } from './run-file';

const FILE = 'idbcursor_advance_index.any.js';

describe('the web-platform-tests harness', () => {
  it('runs a converted file on a backend and names its subtests', async () => {
    const result = await runFile(FILE, 'fake-indexeddb', 20_000);
    expect(result.exit).toBe('ok');
    expect(Object.keys(result.subtests)).toContain('index - iterate cursor number of times specified by count');
    expect(Object.values(result.subtests).every((outcome) => outcome === 'pass')).toBe(true);

    // Held to what it did, it has nothing to report.
    expect(compare([result], expectedOf([result], {}))).toEqual({ regressions: [], nowPassing: [] });
  });

  it('reports a subtest that passed and fails now, and one known to fail that passes now', async () => {
    const result = await runFile(FILE, 'fake-indexeddb', 20_000);
    const [first = '', second = ''] = Object.keys(result.subtests);
    const failing = { ...result, subtests: { ...result.subtests, [first]: 'fail' as const } };
    const expected = expectedOf([result], {});
    expect(compare([failing], expected).regressions).toEqual([`${FILE}: ${first} (fails now)`]);

    const knownToFail = expectedOf([{ ...result, subtests: { ...result.subtests, [second]: 'fail' } }], {});
    expect(compare([result], knownToFail)).toEqual({ regressions: [], nowPassing: [`${FILE}: ${second}`] });
  });

  it('reports passing subtests that gave no result, as when a file stops early', async () => {
    const result = await runFile(FILE, 'fake-indexeddb', 20_000);
    const count = Object.keys(result.subtests).length;
    const stopped = { ...result, exit: 'crash' as const, subtests: {} };
    expect(compare([stopped], expectedOf([result], {})).regressions).toEqual([
      `${FILE}: ${count} subtest(s) that passed gave no result (the file crashed)`,
    ]);
  });

  it('counts a subtest declared and unfinished as timed out when the file was stopped, failed otherwise', () => {
    const stdout = [
      '{"testDeclared":"ends"}',
      '{"testDeclared":"hangs"}',
      'a line the test printed itself',
      '{"testResult":{"ends":{"passed":true}}}',
      '{"testResult":{"sync":{"passed":false,"error":"AssertionError"}}}',
    ].join('\n');
    expect(readOutput(stdout, 'timeout').subtests).toEqual({ ends: 'pass', sync: 'fail', hangs: 'timeout' });
    expect(readOutput(stdout, 'crash').subtests).toEqual({ ends: 'pass', sync: 'fail', hangs: 'fail' });
  });

  it('keeps subtests marked unstable as unstable when expectations are written again', async () => {
    const result = await runFile(FILE, 'fake-indexeddb', 20_000);
    const [first = ''] = Object.keys(result.subtests);
    const before = { [FILE]: { passing: 0, notPassing: { [first]: 'unstable' as const } } };
    const after = expectedOf([result], before);
    expect(after[FILE]?.notPassing).toEqual({ [first]: 'unstable' });
    expect(compare([{ ...result, subtests: { ...result.subtests, [first]: 'timeout' } }], after).regressions).toEqual(
      [],
    );
  });
});
