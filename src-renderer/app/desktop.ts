import { deskBridge, parseDeskCommand } from '../api/bridge';
import { compose } from '../state/actions';
import { useAccount } from '../state/account';
import { go } from '../state/route';
import { useSync } from '../state/sync';
import { useUi } from '../state/ui';

/** The desktop menu's commands (src-main/desktop/commands.ts), when the page runs in the desktop window. */
export function installBridge(): () => void {
  const bridge = deskBridge();
  if (!bridge) return () => undefined;
  return bridge.onCommand((raw: unknown) => {
    const command = parseDeskCommand(raw);
    if (!command) return;
    switch (command.command) {
      case 'new-post':
        return compose();
      case 'search':
        return useUi.getState().focusSearch();
      case 'switch-persona':
        return useAccount.getState().switchTo(command.position);
      case 'preferences':
        return go({ screen: 'settings' });
      case 'show-mentions':
        return go({ screen: 'timeline', kind: 'mentions' });
    }
  });
}

/** Sync now, from the menu or the page: in the desktop the main process runs it. */
export const syncNow = () => useSync.getState().syncNow();
