import { percentiles, timeRequests } from './measure';

/** Drafts kept so far, beside the one typed into: a person's list, larger than most keep. */
const KEPT = 100;
const SAVES = 300;
/** An article growing as it is typed: about this many characters are added between two saves. */
const TYPED_PER_SAVE = 40;

/**
 * What a person typing waits for: the page sends the draft every 0.7 s at most, as its next version, and
 * reads the list when the event stream says it changed. Figures: a save's time (the draft growing from one
 * line to 12,000 characters over the run), and the list's with KEPT drafts.
 */
export async function benchDrafts(base: { url: string; token: string }, report: (line: string) => void): Promise<void> {
  const headers = { authorization: base.token, 'content-type': 'application/json' };
  const save = async (id: string, text: string, version: number) => {
    const res = await fetch(`${base.url}/api/drafts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id,
        type: 'post.article',
        privacy: 'visibility.public',
        text,
        updatedAt: Date.now(),
        version,
        writer: 'bench',
      }),
    });
    if (res.status !== 200) throw new Error(`a draft save failed: ${await res.text()}`);
  };
  for (let i = 0; i < KEPT; i++)
    await save(`kept-${i}`, `A draft kept for later, number ${i}. ${'Words. '.repeat(40)}`, 0);
  const times: number[] = [];
  let text = '';
  for (let version = 0; version < SAVES; version++) {
    text += `${'typed '.repeat(TYPED_PER_SAVE / 6)}\n`;
    const start = performance.now();
    await save('typed', text, version);
    times.push(performance.now() - start);
  }
  const saves = percentiles(times);
  report(
    `a draft saved as it is typed (POST /api/drafts, each save the next version, growing to ${text.length} characters): p50 ${saves.p50.toFixed(1)} ms, p99 ${saves.p99.toFixed(1)} ms (${SAVES} saves, each committed before its answer)`,
  );
  const list = percentiles(await timeRequests(`${base.url}/api/drafts`, { authorization: base.token }, 200));
  report(
    `GET /api/drafts (${KEPT + 1} drafts): p50 ${list.p50.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ms (200 requests)`,
  );
}
