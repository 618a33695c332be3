import { INSTANCE_POST_TYPES } from '../../src-shared/client/outgoing';
import { useUi } from '../state/ui';

const NAMES: Record<string, string> = { 'post.note': 'Notes', 'post.article': 'Articles', 'post.bookmark': 'Bookmarks', 'post.quotation': 'Quotations' };

export function TypeFilter() {
  const types = useUi((s) => s.types);
  const toggle = useUi((s) => s.toggleType);
  return (
    <div className="type-filter" role="group" aria-label="Show these kinds of posts">
      {INSTANCE_POST_TYPES.map((type) => (
        <button key={type} type="button" className="toggle" aria-pressed={types.includes(type)} onClick={() => toggle(type)}>
          {NAMES[type]}
        </button>
      ))}
    </div>
  );
}
