import type { RemotePersona } from '../../src-shared/client/remote-post';
import { firstChars } from '../../src-shared/util/chars';

/** Only data: and https: pictures load (the CSP allows no others); otherwise the initial on a colour. */
export function Avatar({
  persona,
  size = 40,
}: {
  persona: Pick<RemotePersona, 'name' | 'as' | 'avatar'>;
  size?: 28 | 40;
}) {
  const usable = /^(data:image\/|https:)/i.test(persona.avatar);
  const initial = (firstChars(persona.name || persona.as, 1) || '?').toUpperCase();
  return usable ? (
    <img className={`avatar avatar-${size}`} src={persona.avatar} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className={`avatar avatar-${size} avatar-initial`} aria-hidden="true">
      {initial}
    </span>
  );
}
