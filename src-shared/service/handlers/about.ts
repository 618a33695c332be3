import { SOFTWARE } from '../../api/software';
import type { Handler } from '../context';
import type { z } from 'zod';
import type { aboutAnswer } from '../../api/answers';

/**
 * GET /api/about (extension): what this server is, the extensions a client may rely on (those whose routes
 * it serves), and how it can be signed in to. No token needed.
 */
export const about: Handler<z.output<typeof aboutAnswer>> = async (ctx) => {
  const owner = await ctx.db.accounts.toCollection().first();
  return {
    software: { ...SOFTWARE },
    extensions: [...ctx.extensions],
    sign_in: { password: Boolean(owner?.passHash), link: ctx.signInCodes !== null },
  };
};
