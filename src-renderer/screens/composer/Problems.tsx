import type { Field } from './publish';

/** Fields whose problems are shown under a neighbour's, in one line for the pair. */
const SHOWN_WITH: Partial<Record<Field, Field>> = { channel: 'persona', expiresAt: 'publishAt' };

/** The id of the line that holds a field's problems, for the field's `aria-describedby`. */
export const problemId = (draftId: string, field: Field): string => `problem-${draftId}-${SHOWN_WITH[field] ?? field}`;

/** The service's (or the client's) problems with one field, next to it. */
export function Problems({ list, id }: { list: string[] | undefined; id: string }) {
  if (!list?.length) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {/* The client names the variable before its problem ("source_url: ..."); the field already says which. */}
      {[...new Set(list.map((line) => line.replace(/^[a-z_]+: /, '')))].map((line) => (
        <span key={line} className="problem">{line}</span>
      ))}
    </p>
  );
}
