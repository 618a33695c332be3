import type { Configuration } from 'electron-builder';
import { APP_ID, PRODUCT_NAME } from './src-main/desktop/app-identity';

/** better-sqlite3's prebuilt binaries, one per system; each installer carries only its own system's. */
const prebuildsExcept = (...keep: string[]) =>
  ['darwin', 'linux', 'linuxmusl', 'win32']
    .filter((system) => !keep.includes(system))
    .map((system) => `!node_modules/better-sqlite3/prebuilds/${system}-*.node`);

/**
 * `npm run dist` (electron-builder): AppImage and deb for Linux, dmg for macOS, an NSIS installer for
 * Windows, each for the system it runs on (`npm run dist:linux`, `dist:mac`, `dist:win` choose). Name,
 * version, description, author and homepage come from package.json.
 */
const config = {
  appId: APP_ID,
  productName: PRODUCT_NAME,
  directories: { output: 'dist', buildResources: 'build' },
  // The build output and the production dependencies; electron-builder adds package.json itself.
  files: [
    'out/**/*',
    // The page's compressed copies are for browsers on a network (src-main/host/precompressed.ts); the window
    // reads the page from its own disk, asks for no coding, and is sent the files as they are.
    '!out/renderer/**/*.{br,gz}',
    // Install-time dependencies of indexeddbshim the app never loads (their install scripts are denied too).
    '!node_modules/canvas/**',
    '!node_modules/sqlite3/**',
    // better-sqlite3 runs from its prebuilt binaries: its C sources and build files are not needed.
    '!node_modules/better-sqlite3/{deps,src,build}/**',
  ],
  asar: true,
  // Native modules are loaded from real files, not from inside the asar archive.
  asarUnpack: ['**/*.node'],
  // better-sqlite3's binaries use Node-API, which Electron's Node provides unchanged: nothing to rebuild.
  npmRebuild: false,
  mac: {
    target: ['dmg'],
    category: 'public.app-category.productivity',
    icon: 'build/icon.png',
    files: prebuildsExcept('darwin'),
  },
  dmg: { title: '${productName} ${version}' },
  win: {
    target: ['nsis'],
    icon: 'build/icon.png',
    files: prebuildsExcept('win32'),
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // The instance's data is the person's posts: uninstalling the app must not delete it.
    deleteAppDataOnUninstall: false,
    shortcutName: PRODUCT_NAME,
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    icon: 'build/icon.png',
    executableName: 'publishing-desk',
    synopsis: 'Write, read and publish, online or not',
    files: prebuildsExcept('linux', 'linuxmusl'),
  },
  deb: {
    // Electron's own libraries, plus the keyring safeStorage uses to encrypt remote tokens.
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libsecret-1-0',
    ],
  },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  publish: null,
} satisfies Configuration;

export default config;
