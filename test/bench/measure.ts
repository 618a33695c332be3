/** Times `runs` sequential GETs (after 20 warm-up requests) and returns the durations in ms. */
export async function timeRequests(url: string, headers: Record<string, string>, runs: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  return times;
}

export function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
