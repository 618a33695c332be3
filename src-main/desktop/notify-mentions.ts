/** What showing a notification needs; composed from Electron's Notification in desktop-app.ts. */
export interface Notifier {
  isSupported(): boolean;
  show(message: { title: string; body: string }, onClick: () => void): void;
}

export interface MentionNotifierOptions {
  /** The person's setting, read at the moment of notifying. */
  enabled: () => boolean;
  notifier: Notifier;
  /** Clicking the notification: show the window at the mentions. */
  onClick: () => void;
}

/**
 * `notifyMentions(count)`: called by sync when a round brought new mentions. Says nothing when the person
 * turned notifications off, when there is nothing new, or where the system has no notifications.
 */
export function createMentionNotifier(options: MentionNotifierOptions): (count: number) => void {
  return (count) => {
    if (!options.enabled() || !Number.isInteger(count) || count <= 0 || !options.notifier.isSupported()) return;
    const body = count === 1 ? 'You were mentioned in a new post.' : `You were mentioned in ${count} new posts.`;
    options.notifier.show({ title: 'New mentions', body }, options.onClick);
  };
}
