import type { Draft } from '../../../src-shared/api/draft';
import type { Field } from './field-words';
import type { Problems } from './publish';

/** What every part of the composer is given: the draft, a way to change it, and what is wrong with it. */
export interface SectionProps {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  problems: Problems;
  /** The attributes that tie a field to its message (aria-describedby, aria-invalid). */
  described: (field: Field) => object;
}

/** A part folded away until wanted. */
export interface FoldedSectionProps extends SectionProps {
  /** Open from the start in the full composer when something is filled in. */
  open: boolean;
}
