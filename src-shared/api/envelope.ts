import { z } from 'zod';

/** Section 2.1: every response, success or error, has this shape. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    meta: z.object({
      code: z.number().int(),
      text: z.union([z.string(), z.literal(false)]).optional(),
      list: z.union([z.array(z.string()), z.literal(false)]).optional(),
    }),
    data: z.union([data, z.literal(false)]),
  });

export interface Envelope<T> {
  meta: { code: number; text: string | false; list: string[] | false };
  data: T | false;
}
