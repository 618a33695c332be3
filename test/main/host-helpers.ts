import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came over the wire: still compressed when the answer names a Content-Encoding. */
  bytes: Buffer;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as written: fetch() would normalise `..` away before the host ever saw it. */
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
}

/** One request over a fresh socket, with the request target untouched. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What every service answer looks like (section 2.1), loosely: the tests check the parts they need. */
export interface EnvelopeLike {
  meta: { code: number; text?: string | false; list?: unknown };
  data: unknown;
}

export async function envelopeOf(response: Response): Promise<EnvelopeLike> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as EnvelopeLike;
}
