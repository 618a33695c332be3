import type { z } from 'zod';
import { ServiceError } from '../api/errors';
import type { Params } from './params';

/** Parses request variables; every problem is named (meta.text the first, meta.list all of them). */
export function parseInput<T extends z.ZodType>(schema: T, params: Params, code = 400): z.infer<T> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw problems(
    result.error.issues.map((issue) => issue.message),
    code,
  );
}

export function problems(messages: readonly string[], code = 400): ServiceError {
  const unique = [...new Set(messages)];
  return new ServiceError(code, unique[0] ?? 'Invalid Parameters Supplied', unique);
}
