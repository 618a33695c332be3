/**
 * Placeholder until the real interface is built: proves that the page loads under the app's CSP and that
 * the local instance answers through the same origin, as it will for the interface.
 */
const statusLine = document.querySelector<HTMLParagraphElement>('#status');

async function showOwner(): Promise<void> {
  const response = await fetch('/api/account/me');
  const envelope: unknown = await response.json();
  const name = displayNameOf(envelope);
  if (statusLine) statusLine.textContent = name === undefined ? `The instance answered ${response.status}.` : `Signed in as ${name}.`;
}

function displayNameOf(envelope: unknown): string | undefined {
  if (typeof envelope !== 'object' || envelope === null || !('data' in envelope)) return undefined;
  const data = envelope.data;
  if (typeof data !== 'object' || data === null || !('display_name' in data)) return undefined;
  return typeof data.display_name === 'string' ? data.display_name : undefined;
}

showOwner().catch((error: unknown) => {
  if (statusLine) statusLine.textContent = `The instance did not answer: ${String(error)}`;
});
