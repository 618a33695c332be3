import { useAccount } from './account';
import { isDraftOf, useDrafts } from './drafts';

/** How many drafts the Drafts screen lists for the current Persona (the sidebar's and the phone bar's count). */
export function useCurrentDraftCount(): number {
  const current = useAccount((s) => s.currentGuid);
  const personas = useAccount((s) => s.personas);
  return useDrafts(
    (s) =>
      s.drafts.filter((d) =>
        isDraftOf(
          d,
          current,
          personas.map((p) => p.guid),
        ),
      ).length,
  );
}
