/**
 * The typed API client: the only way the sync engine and the renderer talk to an instance of the
 * Publishing Service, local or remote.
 */
export { createInstanceClient, type InstanceClient } from './instance-client';
export { createLegacyClient, type LegacyClient } from './legacy-client';
export { DEFAULT_TIMEOUT_MS, type ClientOptions } from './transport';
export { RemoteError, isRemoteError, type RemoteErrorKind } from './errors';
export type { PostPage, RemoteMention, RemotePersona, RemotePost, SkippedPost } from './remote-post';
export type { AccountProfile, DeleteResult, LoginResult, ProfilePersona, RemoteChannel } from './lenient-answers';
export type { LegacyAccount, LegacyChannel, LegacyDeleteResult, LegacyMe } from './lenient-legacy-answers';
export type { NewPostParams, PostParams, TimelineQuery, UpdatePostParams } from './outgoing';
export type { BlurbCollection, BlurbsQuery, LegacyWriteParams } from './legacy-outgoing';
