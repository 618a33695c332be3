/** Where the browser's sign-in is kept (api/saved-session.ts); read alone, without its schema, by first-screen/. */
export const SESSION_KEY = 'desk.session.v1';
