import { useRef } from 'react';
import { useUi } from '../state/ui';
import { useModalDialog } from './modal-dialog';

export const SHORTCUTS: [string, string][] = [
  ['j / k, ↓ / ↑', 'next / previous post'],
  ['Home / End', 'first / last post of the list'],
  ['Tab', "into the selected post's links and buttons, then out of the list"],
  ['o or Enter', 'open the conversation'],
  ['r', 'reply'],
  ['s', 'star or remove the star'],
  ['p', 'pin or unpin'],
  ['n', 'new post'],
  ['/', 'search'],
  ['g then h / m / i / p / g', 'go to Home, Mentions, Interactions, Pins, Everything'],
  ['g then d / r / s', 'go to Drafts, Remotes, Profile and Personas'],
  ['1 to 9', 'act as that Persona'],
  ['Ctrl+Enter', 'publish, in the composer'],
  ['Escape', 'close the composer or this list'],
  ['?', 'this list'],
];

export function HelpDialog() {
  const open = useUi((s) => s.helpOpen);
  const setHelp = useUi((s) => s.setHelp);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, open);
  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={() => setHelp(false)}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="shortcut">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => setHelp(false)}>
        Close
      </button>
    </dialog>
  );
}
