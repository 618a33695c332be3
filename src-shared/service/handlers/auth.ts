import { ErrorText, ServiceError } from '../../api/errors';
import type { LoginInput, SignInCodeInput } from '../../api/inputs';
import { tokenFrom } from '../auth';
import { hashPassword, randomToken, tokenHash, verifyPassword } from '../../util/secrets';
import { LOGIN_TOKEN_LABEL } from '../../store/rows';
import type { Handler, SignedInHandler } from '../context';
import type { z } from 'zod';
import type { loginAnswer, logoutAnswer } from '../../api/answers';

/**
 * POST /api/auth/login (extension, as the reference service has it): `account_name` is the account's name
 * or one of its Persona handles (with or without `@`), `account_pass` its password. Answers a new token.
 */
export const login: Handler<z.output<typeof loginAnswer>, LoginInput> = async (ctx, input) => {
  const name = input.account_name.replace(/^@/, '').toLowerCase();
  const persona = await ctx.db.personas.where('handleKey').equals(name).first();
  const account = persona
    ? await ctx.db.accounts.get(persona.accountGuid)
    : await ctx.db.accounts.where('name').equals(name).first();
  // A name that waits is answered at once, whether or not it is an account's (sign-in-guard.ts).
  if (ctx.signIns.names.waitFor(name, ctx.now) > 0) throw new ServiceError(429, ErrorText.tooManySignIns);
  // From here every name gets the same work and the same answer but for the right password of an account
  // that does not wait: an unknown name is checked against a stand-in hash, and a name of an account that
  // waits is checked and refused like a wrong password, so neither the answer nor its time reveals which
  // names exist.
  const verified = await verifyPassword(input.account_pass, account?.passHash ?? (await standInHash()));
  const accountWaits = account !== undefined && ctx.signIns.accounts.waitFor(account.guid, ctx.now) > 0;
  if (!account?.passHash || !verified || accountWaits) {
    ctx.signIns.names.failed(name, ctx.now);
    // A try while the account waits is no guess at its password: it does not lengthen the wait.
    if (account && !accountWaits) ctx.signIns.accounts.failed(account.guid, ctx.now);
    throw new ServiceError(401, ErrorText.invalidLogin);
  }
  ctx.signIns.names.succeeded(name);
  ctx.signIns.accounts.succeeded(account.guid);
  const token = randomToken();
  await ctx.db.tokens.add({
    hash: await tokenHash(token),
    accountGuid: account.guid,
    label: LOGIN_TOKEN_LABEL,
    createdUnix: ctx.now,
  });
  return { token, account_guid: account.guid };
};

/** Wrong codes count together, whoever sends them: each one is a guess at any live code. */
const CODE_GUESSES = 'sign-in-code';

/**
 * POST /api/auth/code (extension): the one-time code of a sign-in link the host printed, traded for a token
 * of the owner account, as a password sign-in gives. A code works once and for 15 minutes
 * (sign-in-codes.ts). A wrong, used or expired code is refused alike, and counts as a wrong guess: after
 * five, every try waits (sign-in-guard.ts), so with a code's lifetime only about ten can be made against it.
 */
export const signInWithCode: Handler<z.output<typeof loginAnswer>, SignInCodeInput> = async (ctx, input) => {
  if (ctx.signIns.codes.waitFor(CODE_GUESSES, ctx.now) > 0) throw new ServiceError(429, ErrorText.tooManySignIns);
  if (!(await ctx.signInCodes?.redeem(input.code, ctx.now))) {
    ctx.signIns.codes.failed(CODE_GUESSES, ctx.now);
    throw new ServiceError(401, ErrorText.invalidSignInCode);
  }
  ctx.signIns.codes.succeeded(CODE_GUESSES);
  const owner = await ctx.db.accounts.toCollection().first();
  if (!owner) throw new Error('this instance has no owner account');
  const token = randomToken();
  await ctx.db.tokens.add({
    hash: await tokenHash(token),
    accountGuid: owner.guid,
    label: LOGIN_TOKEN_LABEL,
    createdUnix: ctx.now,
  });
  return { token, account_guid: owner.guid };
};

/** POST /api/auth/logout (extension): the token that made the request stops working. */
export const logout: SignedInHandler<z.output<typeof logoutAnswer>> = async (ctx) => {
  // A viewer means a token came with the request (logout takes it from the header only).
  const token = tokenFrom(ctx.request, ctx.params, false);
  if (token) await ctx.db.tokens.delete(await tokenHash(token));
  return { signed_out: true };
};

let standIn: Promise<string> | null = null;
/** A hash of no one's password, made once, with the rounds every password has. */
const standInHash = (): Promise<string> => (standIn ??= hashPassword(crypto.randomUUID()));
