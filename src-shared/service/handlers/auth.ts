import { ErrorText, ServiceError } from '../../api/errors';
import { loginInput } from '../../api/inputs';
import { tokenFrom } from '../auth';
import { randomToken, tokenHash, verifyPassword } from '../../util/secrets';
import type { Handler } from '../context';
import { parseInput } from '../validate';

/**
 * POST /api/auth/login (extension, as the reference service has it): `account_name` is the account's name
 * or one of its Persona handles (with or without `@`), `account_pass` its password. Answers a new token.
 */
export const login: Handler = async (ctx) => {
  const input = parseInput(loginInput, ctx.params);
  const name = input.account_name.replace(/^@/, '').toLowerCase();
  const persona = await ctx.db.personas.where('handleKey').equals(name).first();
  const account = persona
    ? await ctx.db.accounts.get(persona.accountGuid)
    : await ctx.db.accounts.where('name').equals(name).first();
  // The same answer for an unknown name and a wrong password: a sign-in form reveals no account names.
  if (!account?.passHash || !(await verifyPassword(input.account_pass, account.passHash))) {
    throw new ServiceError(401, ErrorText.invalidLogin);
  }
  const token = randomToken();
  await ctx.db.tokens.add({ hash: await tokenHash(token), accountGuid: account.guid, label: 'login', createdUnix: ctx.now });
  return { token, account_guid: account.guid };
};

/** POST /api/auth/logout (extension): the token that made the request stops working. */
export const logout: Handler = async (ctx) => {
  ctx.requireViewer();
  // A viewer means a token came with the request (logout takes it from the header only).
  const token = tokenFrom(ctx.request, ctx.params, false);
  if (token) await ctx.db.tokens.delete(await tokenHash(token));
  return { signed_out: true };
};
