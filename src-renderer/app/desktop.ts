import { deskBridge, parseDeskCommand } from '../api/bridge';
import { compose } from '../state/actions';
import { useAccount } from '../state/account';
import { go } from '../state/route';
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
        compose();
        return;
      case 'search':
        useUi.getState().focusSearch();
        return;
      case 'switch-persona':
        useAccount.getState().switchTo(command.position);
        return;
      case 'preferences':
        go({ screen: 'settings' });
        return;
      case 'show-mentions':
        go({ screen: 'timeline', kind: 'mentions' });
        return;
    }
  });
}

/** Sync now, from the menu or the page: in the desktop the main process runs it. */
export { syncNow } from '../state/sync-actions';
