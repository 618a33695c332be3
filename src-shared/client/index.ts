/**
 * The typed API client: the only way the sync engine and the renderer talk to an instance of the
 * Publishing Service, local or remote.
 */
export { createInstanceClient, type InstanceClient } from './instance-client';
export { createLegacyClient, type LegacyClient } from './legacy-client';
export { DEFAULT_TIMEOUT_MS, type ClientOptions } from './transport';
export { RemoteError, isRemoteError, type RemoteErrorKind } from './errors';
export type { PostPage, RemoteMention, RemotePersona, RemotePost, SkippedPost } from './remote-post';
export type { AccountProfile, DeleteResult, LegacyAccount, LegacyChannel, LegacyDeleteResult, LegacyMe, LoginResult, ProfilePersona, RemoteChannel } from './account';
export {
  INSTANCE_POST_TYPES,
  PIN_COLOURS,
  PRIVACIES,
  type InstancePostType,
  type NewPostParams,
  type PinColour,
  type PinValue,
  type PostParams,
  type Privacy,
  type TimelineQuery,
  type UpdatePostParams,
} from './outgoing';
export { LEGACY_PIN_COLOURS, type BlurbCollection, type BlurbsQuery, type LegacyPinColour, type LegacyWriteParams } from './legacy-outgoing';
