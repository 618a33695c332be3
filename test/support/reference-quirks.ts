/**
 * What a served instance of this project says, rewritten as matigo/streams says it (each quirk seen on the
 * real server, ../shared/peers/streams and test/interop/streams): the fault proxy's `reference` mode puts
 * this in front of an in-process remote, so that the fast fault tests read a remote the way the desk reads
 * streams. Not the whole server: its timelines still page like this project's (the desk sends streams no
 * `since` but in a one-second look-up), and it keeps its own texts.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ProxiedAnswer {
  status: number;
  /** The answer's body; `json` when it was an envelope. */
  text: string;
  json: Json | null;
}

/**
 * An answer without forwarding, for what streams has no route for. streams refuses unknown routes with 401
 * listing "Invalid API Endpoint" (400 with a token), and unknown endpoints under /api/account with 400.
 */
export function referenceRefusal(method: string, path: string, signedIn: boolean): ProxiedAnswer | null {
  const refuse = (status: number, text: string, list: string[] | false = false): ProxiedAnswer => {
    const json = { meta: { code: status, text, list }, data: [] };
    return { status, text: JSON.stringify(json), json };
  };
  if (path === '/api/about')
    return signedIn
      ? refuse(400, 'Invalid API Endpoint')
      : refuse(401, 'You Need to Log In First', ['Invalid API Endpoint']);
  const account = /^\/api\/account\/(channels|personas)(\/|$)/.exec(path);
  if (account) return refuse(400, `Unrecognised endpoint: [${account[1]}]`);
  // streams takes OPTIONS on a post for a DELETE; a client must never send it (tests read the proxy's log).
  if (method === 'OPTIONS') return refuse(500, 'OPTIONS would have deleted the post');
  return null;
}

/** The count streams answers: it adds one and resets anything above 250 to 75. */
export const referenceCount = (count: string | null): string | null =>
  count !== null && Number(count) + 1 > 250 ? '75' : count;

/** The answer as streams would give it. `delete` says whether the request was a delete of a post. */
export function asReference(
  answer: ProxiedAnswer,
  request: { method: string; path: string; channels: () => Promise<Json[]> },
): Promise<ProxiedAnswer> | ProxiedAnswer {
  const { json } = answer;
  if (request.method === 'DELETE' && /^\/api\/posts\/[^/]+$/.test(request.path)) {
    // A post already gone: an empty 500. A delete that worked: `result` an object and `sok` false.
    if (answer.status !== 200) return { status: 500, text: '', json: null };
    const data = isObject(json?.['data']) ? json['data'] : {};
    return envelope(200, {
      post_guid: data['post_guid'],
      channel_guid: data['channel_guid'],
      result: { post_id: 0 },
      sok: false,
    });
  }
  if (!json || !isObject(json['meta'])) return answer;
  const meta = json['meta'];
  // Errors carry `data: []`; a write without a good token is the plain text.
  if (answer.status !== 200) {
    if ((answer.status === 401 || answer.status === 403) && request.method !== 'GET')
      return { status: 200, text: 'You Need to Log In First', json: null };
    return envelope(answer.status, [], meta);
  }
  if (request.path === '/api/account/me' && isObject(json['data'])) return profile(json['data'], request.channels);
  const data = json['data'];
  return envelope(200, Array.isArray(data) ? data.map(post) : data, meta);
}

function envelope(status: number, data: unknown, meta: Json = {}): ProxiedAnswer {
  const json = { meta: { code: status, text: false, list: false, ...meta }, data };
  return { status, text: JSON.stringify(json), json };
}

/** The profile: Personas named by `name` (the handle) and `display_name`, and the account's Channels listed. */
async function profile(data: Json, channels: () => Promise<Json[]>): Promise<ProxiedAnswer> {
  const personas = (Array.isArray(data['personas']) ? data['personas'] : []).filter(isObject).map((p) => ({
    guid: p['guid'],
    name: p['as'],
    display_name: p['name'],
    avatar_url: p['avatar_url'],
    is_active: true,
    is_yours: true,
  }));
  const listed = (await channels()).map((c) => ({
    guid: c['guid'],
    name: c['name'],
    type: 'channel.site',
    privacy: 'visibility.public',
  }));
  return envelope(200, { ...data, personas, channels: listed, bucket: false });
}

/** A post: `@handle`, the Channel as an object, tags as objects, mentions by `name`, no `parent_guid`. */
function post(value: unknown): unknown {
  if (!isObject(value) || typeof value['guid'] !== 'string') return value;
  const { channel_guid: channelGuid, parent_guid: _parent, ...rest } = value;
  const persona = isObject(rest['persona'])
    ? { ...rest['persona'], as: `@${String(rest['persona']['as'])}` }
    : rest['persona'];
  const tags = Array.isArray(rest['tags'])
    ? rest['tags'].map((name) => ({ url: `https://ref.example/tag/${String(name)}`, name }))
    : rest['tags'];
  const mentions = Array.isArray(rest['mentions'])
    ? rest['mentions'].filter(isObject).map((m) => ({ guid: m['guid'], name: `@${String(m['as'])}`, is_you: false }))
    : rest['mentions'];
  return { ...rest, persona, tags, mentions, channel: { guid: channelGuid }, can_edit: false };
}
