import { useAccount } from './account';
import { clients, describeFailure } from './session';
import { showError } from './toasts';

/**
 * Lets a Persona write to a Channel, or stops it. The box changes at once and goes back, with the
 * instance's reason, when the instance refuses.
 */
export async function setChannelAccess(channelGuid: string, personaGuid: string, allowed: boolean): Promise<void> {
  const account = useAccount.getState();
  const before = account.channels.find((c) => c.guid === channelGuid);
  if (!before) return;
  const writers = allowed
    ? [...new Set([...before.writers, personaGuid])]
    : before.writers.filter((g) => g !== personaGuid);
  account.putChannel({ ...before, writers });
  try {
    useAccount
      .getState()
      .putChannel(await clients().desk.setChannelAccess(channelGuid, personaGuid, allowed ? 'write' : 'none'));
  } catch (error) {
    useAccount.getState().putChannel(before);
    showError(
      `${allowed ? 'Could not give write access' : 'Could not take write access away'}: ${describeFailure(error)}`,
    );
  }
}
