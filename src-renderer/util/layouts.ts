/** Where the page is laid out for a phone: one column, a bar at the top and one at the bottom. */
export const PHONE = '(max-width: 760px)';
/** Where the column of posts is centred with a side column beside it. */
export const WIDE = '(min-width: 1400px)';

/** The shell's layout, as its class names it (app/App.tsx, styles/app.css): `phone`, `wide`, or `''` between. */
export type ShellLayout = 'phone' | 'wide' | '';

export const shellLayout = (phone: boolean, wide: boolean): ShellLayout => (phone ? 'phone' : wide ? 'wide' : '');

/** The layout the window has now. */
export const layoutNow = (): ShellLayout => shellLayout(matchMedia(PHONE).matches, matchMedia(WIDE).matches);
