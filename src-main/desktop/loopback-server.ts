import { ErrorText } from '../../src-shared/api/errors';
import type { Service } from '../../src-shared/service/index';
import { createHttpHost, type HttpHost } from '../host/http';
import { errorEnvelope } from '../host/write';
import type { LoopbackStatus } from './bridge-types';
import { guardLoopback } from './loopback-guard';
import type { Settings } from './settings-schema';

export const LOOPBACK_ADDRESS = '127.0.0.1';

export interface LoopbackServer {
  /** Starts, stops or moves the server to match the settings. Never throws: a failure shows in the status. */
  apply(settings: Settings['loopback']): Promise<LoopbackStatus>;
  status(): LoopbackStatus;
  /** Stops accepting and lets requests in flight finish (their writes reach the store). */
  close(): Promise<void>;
}

export interface LoopbackServerOptions {
  service: Service;
  ownerToken: string;
  /** Only for tests; the app always listens on 127.0.0.1. */
  address?: string;
}

/**
 * The instance on a loopback port for other programs (another desk syncing with this one, scripts), in
 * front of the guard of loopback-guard.ts. Only the API is served there: the interface is the window's.
 */
export function createLoopbackServer(options: LoopbackServerOptions): LoopbackServer {
  let running: { http: HttpHost; port: number } | undefined;
  let status: LoopbackStatus = { state: 'off' };
  let allowedOrigins: readonly string[] = [];
  const address = options.address ?? LOOPBACK_ADDRESS;

  const stop = async () => {
    const current = running;
    running = undefined;
    status = { state: 'off' };
    await current?.http.close();
  };

  const start = async (port: number) => {
    let boundPort = port;
    const guard = (target: Service) =>
      guardLoopback(target, {
        ownerToken: options.ownerToken,
        port: () => boundPort,
        allowedOrigins: () => allowedOrigins,
      });
    const http = createHttpHost({
      service: guard(options.service),
      site: guard(() => Promise.resolve(errorEnvelope(404, ErrorText.unknownEndpoint))),
    });
    try {
      boundPort = (await http.listen(port, address)).port;
    } catch (error) {
      await http.close().catch(() => undefined);
      status = { state: 'failed', reason: describeListenError(error, port) };
      return;
    }
    running = { http, port };
    status = { state: 'listening', url: `http://${address}:${boundPort}` };
  };

  return {
    apply: async (settings) => {
      allowedOrigins = settings.allowedOrigins;
      const wanted = settings.enabled ? settings.port : undefined;
      if (running !== undefined && running.port === wanted) return status;
      await stop();
      if (wanted !== undefined) await start(wanted);
      return status;
    },
    status: () => status,
    close: stop,
  };
}

function describeListenError(error: unknown, port: number): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use; choose another port in the settings`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}`;
  return error instanceof Error ? error.message : String(error);
}
