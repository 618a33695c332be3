import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's source, run in the page through the devtools protocol: the page's CSP (rightly) refuses inline scripts. */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** What axe-core finds wrong on the page as it is now, as short lines a failing test can show. */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${JSON.stringify(n.target)}`),
  );
}

/** Violations in light and then in dark: the colours are the only difference, so the page is not loaded again. */
export async function bothSchemes(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const lines = await violations(page);
    if (lines.length > 0) found[colorScheme] = lines;
  }
  return found;
}
