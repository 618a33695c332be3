import { Marked } from 'marked';

/**
 * The one marked instance of the project, used by the service and the composer's preview alike so the preview
 * is what is published. A private instance, because `marked.setOptions` on the shared default would change
 * the behaviour of every other user of the library in the same process. `breaks: true` renders a single
 * newline as `<br>`, the way people expect a social post to look.
 */
export const markdown = new Marked({ gfm: true, breaks: true, async: false });
