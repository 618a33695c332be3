import { ErrorText } from '../../src-shared/api/errors';
import { isRemoteError } from '../../src-shared/client/errors';
import { LOGIN_TEXT } from '../../src-shared/client/envelope';

/**
 * Whether a failure says that the instance no longer accepts this page's own token, so that the page has to
 * sign in again. Only the instance's words for that count: an unknown or expired token (401 "Invalid or
 * Expired Token Supplied") or no token at all ("You Need to Log In First"). Any other refusal, a remote's
 * refusal of the password typed in Remotes, or a wrong current password in Settings, leaves the page signed
 * in, with what the person typed still there.
 */
export function refusesThisSession(error: unknown): boolean {
  if (!isRemoteError(error) || error.kind !== 'auth') return false;
  const text = error.remoteText ?? '';
  return text === ErrorText.invalidToken || LOGIN_TEXT.test(text);
}
