import { ErrorText, ServiceError } from '../../api/errors';
import type { PasswordInput, ProfileChangeInput } from '../../api/inputs';
import { hashPassword, verifyPassword } from '../../util/secrets';
import { canonicalLanguage, isMailAddress, isTimezone } from '../../util/zones';
import { presentProfile } from '../account-view';
import type { SignedInCtx, SignedInHandler } from '../context';
import { problems } from '../validate';
import type { z } from 'zod';
import type { passwordAnswer, ProfileAnswer } from '../../api/answers';

async function ownAccount(ctx: SignedInCtx) {
  const account = await ctx.db.accounts.get(ctx.viewer.accountGuid);
  if (!account) throw new ServiceError(403, ErrorText.needToLogIn);
  return account;
}

/** GET /api/account/me (extension of the read): never changes anything, whatever variables it carries. */
export const readAccountMe: SignedInHandler<ProfileAnswer> = async (ctx) => presentProfile(ctx, await ownAccount(ctx));

/**
 * POST /api/account/me: reads the profile, or sets it when any of the profile variables is present; then
 * all four are required (section 4.2).
 */
export const accountMe: SignedInHandler<ProfileAnswer, ProfileChangeInput> = async (ctx, input) => {
  const account = await ownAccount(ctx);
  if (!input) return presentProfile(ctx, account);

  if (!isMailAddress(input.mail_addr)) throw new ServiceError(401, ErrorText.invalidEmail);
  const language = canonicalLanguage(input.language);
  const found: string[] = [];
  if (!language) found.push('language must be a localisation tag such as en-US');
  if (!isTimezone(input.timezone))
    found.push('timezone must be a TZ database name such as Europe/Berlin, or an abbreviation such as UTC');
  if (!language || found.length > 0) throw problems(found);

  const changes = {
    displayName: input.display_as,
    language,
    mail: input.mail_addr,
    timezone: input.timezone,
    updatedUnix: ctx.now,
  };
  await ctx.db.accounts.update(account.guid, changes);
  return presentProfile(ctx, { ...account, ...changes });
};

/**
 * POST /api/account/password (extension; also the legacy POST /users/setpass): sets the password that
 * `POST /api/auth/login` checks, with `current`, the password it replaces, once the account has one.
 */
export const setPassword: SignedInHandler<z.output<typeof passwordAnswer>, PasswordInput> = async (ctx, input) => {
  const account = await ownAccount(ctx);
  const previous = account.passHash;
  const verified =
    previous === null || (input.current !== undefined && (await verifyPassword(input.current, previous)));
  if (!verified) throw new ServiceError(401, ErrorText.invalidLogin);
  const passHash = await hashPassword(input.password);
  // Hashing happened outside any transaction (Web Crypto would let one commit); the write checks that
  // nobody changed the password meanwhile, so `current` verified the password being replaced.
  const stored = await ctx.db.transaction('rw', ctx.db.accounts, async () => {
    if ((await ctx.db.accounts.get(account.guid))?.passHash !== previous) return false;
    await ctx.db.accounts.update(account.guid, { passHash, updatedUnix: ctx.now });
    return true;
  });
  if (!stored) throw new ServiceError(401, ErrorText.invalidLogin);
  return { account_guid: account.guid, password_set: true };
};
