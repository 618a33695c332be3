import type { Field } from './field-words';

/** Fields whose problems are shown under a neighbour's, in one line for the pair. */
const SHOWN_WITH: Partial<Record<Field, Field>> = { channel: 'persona', expiresAt: 'publishAt' };

/** The id of the line that holds a field's problems, for the field's `aria-describedby`. */
export const problemId = (draftId: string, field: Field): string => `problem-${draftId}-${SHOWN_WITH[field] ?? field}`;

/** A field's problems, in plain words (field-words.ts), next to it. */
export function Problems({ list, id }: { list: string[] | undefined; id: string }) {
  if (!list?.length) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {[...new Set(list)].map((line) => (
        <span key={line} className="problem">
          {line}
        </span>
      ))}
    </p>
  );
}

/**
 * The word "required" in a field's label, for a field the post's type cannot do without: in words, not in
 * colour alone. Screen readers hear it from the control's aria-required, so the field's name stays its name.
 */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="required-mark" aria-hidden="true">
      required
    </span>
  ) : null;
}
