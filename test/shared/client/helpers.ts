import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHost } from '../../../src-main/host/http';
import type { Site } from '../../../src-main/host/static';
import { startInstance, type TestInstance } from '../../support/instance';

export { OWNER_TOKEN } from '../../support/instance';

const noSite: Site = () => Promise.resolve(new Response('not the API', { status: 404 }));

export interface RealRemote {
  instance: TestInstance;
  url: string;
  close(): Promise<void>;
}

/** An instance of this project behind its own HTTP host, on a real port of this machine. */
export async function startRealRemote(password?: string): Promise<RealRemote> {
  const instance = await startInstance('memory', password);
  const host = createHttpHost({ service: instance.service, site: noSite, drainMs: 100 });
  const address = await host.listen(0, '127.0.0.1');
  return {
    instance,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await host.close();
      await instance.close();
    },
  };
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (request: SeenRequest, res: http.ServerResponse) => void;

export interface FakeRemote {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A node:http server that answers as `handler` says, after reading each request whole. */
export async function startFakeRemote(handler: FakeHandler): Promise<FakeRemote> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.test');
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      handler(request, res);
    });
  });
  const address = await new Promise<AddressInfo>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo)),
  );
  return {
    url: `http://127.0.0.1:${address.port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with the given status. Returns the ended response, as `res.end` does: a handler can `return json(...)`. */
export function json(res: http.ServerResponse, status: number, body: unknown): http.ServerResponse {
  res.writeHead(status, { 'content-type': 'application/json' });
  return res.end(JSON.stringify(body));
}

/** A port on which nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const address = await new Promise<AddressInfo>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo)),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}
