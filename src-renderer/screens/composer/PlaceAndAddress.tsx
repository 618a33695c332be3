import { LIMITS } from '../../../src-shared/api/inputs';
import { Problems, problemId } from './Problems';
import type { FoldedSectionProps } from './section-props';

/** Where the post was written (geo) and its own address (canonical path, an article's slug), folded away. */
export function PlaceAndAddress({ draft, set, problems, described, open }: FoldedSectionProps) {
  const filled = [draft.place, draft.latitude, draft.longitude, draft.altitude, draft.canonicalPath, draft.slug].some(
    (v) => v !== '',
  );
  const coordinate = (field: 'latitude' | 'longitude' | 'altitude', label: string, placeholder: string) => (
    <div className="field">
      <label>
        {label}
        <input
          inputMode="decimal"
          value={draft[field]}
          placeholder={placeholder}
          onChange={(e) => set({ [field]: e.target.value })}
          {...described(field)}
        />
      </label>
      <Problems list={problems[field]} id={problemId(draft.id, field)} />
    </div>
  );
  const anyProblem = (['place', 'latitude', 'longitude', 'altitude', 'canonical', 'slug'] as const).some(
    (f) => problems[f]?.length,
  );
  return (
    <details className="more-options" open={anyProblem || (open && filled)}>
      <summary>Place and address</summary>
      <div className="field">
        <label>
          Place (shown with the post)
          <input
            value={draft.place}
            maxLength={LIMITS.geoDescriptionChars}
            placeholder="Lisbon, by the river"
            dir="auto"
            onChange={(e) => set({ place: e.target.value })}
            {...described('place')}
          />
        </label>
        <Problems list={problems.place} id={problemId(draft.id, 'place')} />
      </div>
      <div className="row">
        {coordinate('latitude', 'Latitude', '-90 to 90')}
        {coordinate('longitude', 'Longitude', '-180 to 180')}
        {coordinate('altitude', 'Altitude (m)', '-7500 to 25000')}
      </div>
      <div className="row">
        <div className="field">
          <label>
            Address path (empty: /posts/…)
            <input
              value={draft.canonicalPath}
              placeholder="/notes/hello"
              spellCheck={false}
              onChange={(e) => set({ canonicalPath: e.target.value })}
              {...described('canonical')}
            />
          </label>
          <Problems list={problems.canonical} id={problemId(draft.id, 'canonical')} />
        </div>
        {draft.type === 'post.article' && (
          <div className="field">
            <label>
              Slug
              <input
                value={draft.slug}
                placeholder="my-first-article"
                spellCheck={false}
                onChange={(e) => set({ slug: e.target.value })}
                {...described('slug')}
              />
            </label>
            <Problems list={problems.slug} id={problemId(draft.id, 'slug')} />
          </div>
        )}
      </div>
    </details>
  );
}
