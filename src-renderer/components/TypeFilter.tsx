import { POST_TYPES } from '../../src-shared/api/vocabulary';
import { POST_TYPE_WORDS } from '../util/post-type-words';
import { useUi } from '../state/ui';

export function TypeFilter() {
  const types = useUi((s) => s.types);
  const toggle = useUi((s) => s.toggleType);
  return (
    <div className="type-filter" role="group" aria-label="Show these kinds of posts">
      {POST_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="toggle"
          aria-pressed={types.includes(type)}
          onClick={() => toggle(type)}
        >
          {POST_TYPE_WORDS[type].many}
        </button>
      ))}
    </div>
  );
}
