import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TESTED_BACKENDS } from './backends';
import { readExpected, totals } from './results';
import { expectedFile, runChecked } from './suite';

/**
 * The web-platform-tests for IndexedDB on the backends the product runs on (backends.ts), each held to its expectations
 * (expected/<backend>.json): a subtest that passed before and fails now, or a file whose passing subtests
 * stop giving results, fails the suite. `npm run conformance` prints the figures, and `-- --update` writes
 * new expectations once a change is meant.
 */
describe.each(TESTED_BACKENDS)('the IndexedDB web-platform-tests on %s', (backend) => {
  it('pass every subtest they passed before', { timeout: 600_000 }, async () => {
    const expectations = expectedFile(backend);
    expect(
      fs.existsSync(expectations),
      `no expectations: \`npm run conformance -- ${backend} --update\` writes them`,
    ).toBe(true);
    const expected = readExpected(expectations);
    const { results, comparison } = await runChecked(backend, expected);
    // Every file the expectations name was run, and gave results (a backend that fails to load gives none).
    expect(results.map(({ file }) => file)).toEqual(expect.arrayContaining(Object.keys(expected)));
    expect(totals(results).passed).toBeGreaterThan(0);
    expect(comparison.regressions).toEqual([]);
    if (comparison.nowPassing.length > 0) {
      console.warn(
        `${backend} now passes ${comparison.nowPassing.length} subtest(s) known to fail; ` +
          `\`npm run conformance -- ${backend} --update\` records them:\n${comparison.nowPassing.join('\n')}`,
      );
    }
  });
});
