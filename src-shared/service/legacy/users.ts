import { ErrorText, needLogin, ServiceError } from '../../api/errors';
import type { PasswordInput, ProfileInput } from '../../api/inputs';
import type { ConfirmInput, UsersWriteInput } from '../../api/legacy-user-inputs';
import { setPassword } from '../handlers/account';
import { channelsOfAccount, personasOfAccount } from '../../store/account-rows';
import { OWNER_TOKEN_LABEL } from '../../store/bootstrap';
import { markPostsDeleted } from '../../store/delete';
import { welcomeKey } from '../../store/setting-keys';
import { inTransaction } from '../../store/transaction';
import { isoOf } from '../../util/time';
import { tokenFrom, tokenKey } from '../auth';
import type { z } from 'zod';
import type { Ctx, Handler, SignedInCtx, SignedInHandler, Viewer } from '../context';
import { accountMe } from '../handlers/account';
import { setBio } from '../handlers/bio';
import { legacyAccount, legacyChannel } from './account-object';
import { WELCOME_STATES } from '../../api/legacy-answers';
import type {
  accountResetAnswer,
  LegacyAccountAnswer,
  LegacyChannelAnswer,
  myDataDeletedAnswer,
  noRelationsAnswer,
  usersMeAnswer,
  usersWriteAnswer,
  WelcomeState,
  welcomeAnswer,
} from '../../api/legacy-answers';
import type { ProfileAnswer, passwordAnswer } from '../../api/answers';

/** Texts of this file's errors; the spec shows none for `/users` (docs/legacy-interface.md lists them). */
export const UserText = {
  followUnavailable: 'Following Is Not Available on a Single-User Instance',
  muteUnavailable: 'Muting Is Not Available on a Single-User Instance',
  silenceUnavailable: 'Silencing Is Not Available on a Single-User Instance',
  inviteUnavailable: 'Invitations Are Not Available on a Single-User Instance',
  confirmMyData: 'Send confirm=DELETE-MY-DATA to delete every post of this account',
  confirmMyAccount:
    'Send confirm=DELETE-MY-ACCOUNT to delete every post, every Persona and Channel but the first, the bio and the password of this account',
} as const;

export const CONFIRM_MY_DATA = 'DELETE-MY-DATA';
export const CONFIRM_MY_ACCOUNT = 'DELETE-MY-ACCOUNT';

/** What the settings row holds, if it is a state this instance wrote; false while onboarding was not shown. */
const welcomeState = (value: string | undefined): WelcomeState | false =>
  WELCOME_STATES.find((state) => state === value) ?? false;

async function ownAccount(ctx: SignedInCtx) {
  const account = await ctx.db.accounts.get(ctx.viewer.accountGuid);
  if (!account) throw needLogin();
  return account;
}

/**
 * GET /users/me: the signed-in account. `accounts` are its Personas (the legacy word), first one first, the
 * default author; `channels` its Channels, the first the default destination; `has_password` says whether
 * sign-in works and /users/setpass needs `current`; `welcome` is 'seen', 'skipped' or false (not yet shown).
 */
export const usersMe: SignedInHandler<z.output<typeof usersMeAnswer>> = async (ctx) => {
  const account = await ownAccount(ctx);
  const [personas, channels, welcome] = await Promise.all([
    personasOfAccount(ctx.db, account.guid),
    channelsOfAccount(ctx.db, account.guid),
    ctx.db.settings.get(welcomeKey(account.guid)),
  ]);
  return {
    guid: account.guid,
    name: account.name,
    display_name: account.displayName,
    mail: account.mail,
    language: account.language,
    timezone: account.timezone,
    type: account.type,
    has_password: account.passHash !== null,
    welcome: welcomeState(welcome?.value),
    accounts: personas.map((p) => legacyAccount(ctx, p)),
    channels: channels.map((c) => legacyChannel(ctx, c)),
    created_at: isoOf(account.createdUnix),
    created_unix: account.createdUnix,
    updated_at: isoOf(account.updatedUnix),
    updated_unix: account.updatedUnix,
  };
};

/** GET /users/list: every Persona of the instance, in id order; public, like a Persona's bio. */
export const usersList: Handler<LegacyAccountAnswer[]> = async (ctx) =>
  (await ctx.db.personas.orderBy('id').toArray()).map((p) => legacyAccount(ctx, p));

/** GET /users/sites: the account's Channels, first one first. */
export const usersSites: SignedInHandler<LegacyChannelAnswer[]> = async (ctx) =>
  (await channelsOfAccount(ctx.db, ctx.viewer.accountGuid)).map((c) => legacyChannel(ctx, c));

/** GET /users/followers and /users/following: this instance keeps no follow relations. */
export const noRelations: SignedInHandler<z.output<typeof noRelationsAnswer>> = () => Promise.resolve([]);

/** Follow, mute, silence, invite: there is nobody else on a single-user instance; say so plainly. */
export const unavailable =
  (text: string): SignedInHandler<never> =>
  () =>
    Promise.reject(new ServiceError(400, text));

/**
 * POST /users/meta: POST /api/account/me's set-profile, errors included. Without any of its variables that
 * would read instead; a path that only sets refuses, naming every missing variable.
 */
export const usersMeta: SignedInHandler<ProfileAnswer, ProfileInput> = (ctx, input) => accountMe(ctx, input);

/** POST /users/setpass: the same as POST /api/account/password (handlers/account.ts). */
export const usersSetpass: SignedInHandler<z.output<typeof passwordAnswer>, PasswordInput> = setPassword;

/** POST /users/welcome and /users/welcomeskip: remembers that onboarding was seen or skipped. */
export const welcome =
  (value: WelcomeState): SignedInHandler<z.output<typeof welcomeAnswer>> =>
  async (ctx) => {
    await ctx.db.settings.put({ key: welcomeKey(ctx.viewer.accountGuid), value });
    return { welcome: value };
  };

/**
 * POST /users/write: sets the public bio of one of the account's Personas (`persona_guid` or the legacy
 * `account_id`; both must then name the same one; default the first) through the instance handler, so
 * both interfaces validate and store a bio alike.
 */
export const usersWrite: SignedInHandler<z.output<typeof usersWriteAnswer>, UsersWriteInput> = async (ctx, input) => {
  const persona = (await personasOfAccount(ctx.db, ctx.viewer.accountGuid)).find(
    (p) => (input.persona_guid ?? p.guid) === p.guid && (input.account_id ?? p.id) === p.id,
  );
  if (!persona) throw new ServiceError(401, ErrorText.couldNotUpdatePublicProfile);
  await setBio(ctx, { bio_text: input.bio_text }, { persona_guid: persona.guid });
  const updated = (await ctx.db.personas.get(persona.guid)) ?? persona;
  return { ...legacyAccount(ctx, updated), bio_text: updated.bioText, bio_html: updated.bioHtml };
};

function requireConfirmation(input: ConfirmInput, expected: string, text: string): void {
  if (input.confirm !== expected) throw new ServiceError(400, text);
}

/** Deletes every live post of the account as DELETE /api/posts/{guid} does; answers how many. */
async function deletePostsOf(ctx: Ctx, viewer: Viewer): Promise<number> {
  const { db } = ctx;
  const rows = await Promise.all(
    viewer.personaGuids.map((g) => db.posts.where('[personaGuid+order]').between([g, ''], [g, '\uffff']).toArray()),
  );
  const guids = rows
    .flat()
    .filter((p) => p.deleted === 0 && p.accountGuid === viewer.accountGuid)
    .map((p) => p.guid);
  await markPostsDeleted(db, guids, ctx.now);
  return guids.length;
}

/** DELETE /users/mydata with confirm=DELETE-MY-DATA: every post of the account goes, nothing else. */
export const deleteMyData: SignedInHandler<z.output<typeof myDataDeletedAnswer>, ConfirmInput> = async (ctx, input) => {
  requireConfirmation(input, CONFIRM_MY_DATA, UserText.confirmMyData);
  return { deleted_posts: await deletePostsOf(ctx, ctx.viewer) };
};

/**
 * DELETE /users/myaccount with confirm=DELETE-MY-ACCOUNT: the account as a new instance has it. Its first
 * Persona and Channel stay (every post needs an author and a destination, and the host's owner token
 * needs an account), as do the owner token and the token of this request, so the caller is not locked out.
 * Runs without the request transaction: the token's hash needs Web Crypto first.
 */
export const resetMyAccount: SignedInHandler<z.output<typeof accountResetAnswer>, ConfirmInput> = async (
  ctx,
  input,
) => {
  const { viewer } = ctx;
  requireConfirmation(input, CONFIRM_MY_ACCOUNT, UserText.confirmMyAccount);
  const keepToken = await tokenKey(tokenFrom(ctx.request, ctx.params, false));
  const { db } = ctx;
  return inTransaction(db, 'rw', async () => {
    const deleted = await deletePostsOf(ctx, viewer);
    const [personas, channels] = await Promise.all([
      personasOfAccount(db, viewer.accountGuid),
      channelsOfAccount(db, viewer.accountGuid),
    ]);
    const [first, ...otherPersonas] = personas;
    const [main, ...otherChannels] = channels;
    const gone = otherPersonas.map((p) => p.guid);
    await Promise.all([
      ...personas.flatMap((p) => [
        db.stars
          .where('[personaGuid+starredUnix+postGuid]')
          .between([p.guid, -Infinity, ''], [p.guid, Infinity, '\uffff'])
          .delete(),
        db.pins
          .where('[personaGuid+pinnedUnix+postGuid]')
          .between([p.guid, -Infinity, ''], [p.guid, Infinity, '\uffff'])
          .delete(),
      ]),
      ...gone.map((g) =>
        db.mentions
          .where('[personaGuid+publishUnix+postGuid]')
          .between([g, -Infinity, ''], [g, Infinity, '\uffff'])
          .delete(),
      ),
      ...otherChannels.map((c) =>
        db.grants.where('[channelGuid+personaGuid]').between([c.guid, ''], [c.guid, '\uffff']).delete(),
      ),
    ]);
    await db.grants.where('personaGuid').anyOf(gone).delete();
    await db.personas.bulkDelete(gone);
    await db.channels.bulkDelete(otherChannels.map((c) => c.guid));
    if (first) await db.personas.update(first.guid, { bioText: '', bioHtml: '', updatedUnix: ctx.now });
    if (first && main) await db.grants.put({ channelGuid: main.guid, personaGuid: first.guid });
    await db.accounts.update(viewer.accountGuid, { passHash: null, updatedUnix: ctx.now });
    await db.tokens
      .where('accountGuid')
      .equals(viewer.accountGuid)
      .and((t) => t.label !== OWNER_TOKEN_LABEL && t.hash !== keepToken)
      .delete();
    await db.settings.delete(welcomeKey(viewer.accountGuid));
    return { account_reset: true, deleted_posts: deleted };
  });
};
