import { isRemoteError } from '../../src-shared/client/errors';
import { describeFailure, useSession } from './session';

/** The fragment of a printed sign-in link, `#code=…` (src-main/host/start.ts). */
const LINK_FRAGMENT = /^#code=([A-Za-z0-9_-]{1,128})$/;

/** What the sign-in page says when a link's code is refused: it was used, or its time is up. */
export const USED_LINK =
  'This sign-in link was already used or has expired: each works once, within 15 minutes. Sign in below, or restart the desk for a new link.';

/**
 * The code of the sign-in link the page was opened with, if it was: taken out of the address bar at once,
 * before anything else happens, so that it stays in no history entry, bookmark or shared address. The link's
 * `/sign-in` becomes Home.
 */
export function takeSignInCode(
  location: Location = globalThis.location,
  history: History = globalThis.history,
): string | null {
  const code = LINK_FRAGMENT.exec(location.hash)?.[1];
  if (code === undefined) return null;
  const path = location.pathname === '/sign-in' ? '/' : location.pathname;
  history.replaceState(history.state, '', `${path}${location.search}`);
  return code;
}

/**
 * Signs the page in with a link's code. A refused code leaves the page as it was (signed in already, or at
 * the sign-in page saying why), so the person can sign in another way.
 */
export async function signInWithLink(code: string): Promise<void> {
  try {
    await useSession.getState().signInWithLink(code);
  } catch (failure) {
    if (useSession.getState().session.status === 'signed-in') return;
    const refused = isRemoteError(failure) && failure.status === 401;
    useSession.setState({ session: { status: 'signed-out', reason: refused ? USED_LINK : describeFailure(failure) } });
  }
}
