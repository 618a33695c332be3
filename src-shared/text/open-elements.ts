/**
 * The elements open at a point of HTML, innermost last, as a browser keeps them: an end tag closes the
 * nearest open element of its name, with every element opened inside it, and an end tag of a name not
 * open closes nothing. Each name keeps where its elements stand, so an end tag costs no search through
 * the others (`<b></i>` repeated would otherwise cost time growing with the square of its length).
 */
export class OpenElements<T extends { name: string }> {
  readonly #open: T[] = [];
  /** Per name, where its elements stand in #open; an element closed with an outer one stays until next looked at. */
  readonly #places = new Map<string, { at: number; element: T }[]>();

  get depth(): number {
    return this.#open.length;
  }

  open(element: T): void {
    let places = this.#places.get(element.name);
    if (!places) this.#places.set(element.name, (places = []));
    places.push({ at: this.#open.length, element });
    this.#open.push(element);
  }

  /** Closes the nearest open element named `name` and those inside it; answers it, or undefined when none is open. */
  close(name: string): T | undefined {
    const places = this.#places.get(name);
    if (!places) return undefined;
    for (let place = places.pop(); place !== undefined; place = places.pop()) {
      if (this.#open[place.at] !== place.element) continue;
      this.#open.length = place.at;
      return place.element;
    }
    return undefined;
  }
}
