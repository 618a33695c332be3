/**
 * Who the app is to the operating system, shared by the packaging (electron-builder.config.ts) and the
 * main process. The id names the macOS bundle and the Windows AppUserModelID; Windows shows notifications
 * only for an app whose running id matches its installed shortcut's, so both must use this one.
 */
export const APP_ID = 'example.publishing-desk';
export const PRODUCT_NAME = 'Publishing Desk';
