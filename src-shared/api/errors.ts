/**
 * The one error type of the service. Handlers throw it; `service/respond.ts` turns it into the envelope of
 * section 2.1 with `meta.code` = HTTP status. Texts of section 7 are reproduced exactly: clients match on them.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
    /** Several problems at once (instance interface `meta.list`); empty means "just `text`". */
    readonly list: readonly string[] = [],
  ) {
    super(text);
    this.name = 'ServiceError';
  }
}

/** Section 7, word for word, plus the texts this implementation needs where the spec shows none. */
export const ErrorText = {
  // Section 7 (exact).
  duplicatePost: 'Duplicate Post!',
  noTextToPost: 'No Text to Post',
  invalidPostIdLegacy: 'Invalid Post ID',
  postDoesNotExist: 'Post Does Not Exist',
  couldNotUpdatePublicProfile: 'Could Not Update Public Profile',
  needToLogIn: 'You Need to Log In First',
  invalidEmail: 'Invalid Email Address Supplied',
  invalidPostIdentifier: 'Invalid Post Identifier Supplied (2)',
  invalidThreadIdentifier: 'Invalid Thread Identifier Supplied (2)',
  supplySomeText: 'Please Supply Some Text',
  expireBeforePublish: 'The Post Object Cannot Expire Before it is Published',
  notOwner: 'You do not own the rights to this Post.',
  couldNotStar: 'Could Not Star Post Object',
  couldNotUnstar: 'Could Not Remove Star from Post Object',
  couldNotPin: 'Could Not Pin Post Object',
  couldNotUnpin: 'Could Not Remove Pin from Post Object',
  // Not shown in the spec; chosen here and listed in docs/api.md.
  invalidToken: 'Invalid or Expired Token Supplied',
  invalidPersona: 'Invalid Persona Identifier Supplied',
  invalidChannel: 'Invalid Channel Identifier Supplied',
  invalidAccount: 'Invalid Account Identifier Supplied',
  noChannelPermission: 'This Persona Cannot Write to This Channel',
  lastChannel: 'The Last Channel of an Account Cannot Be Deleted',
  remoteChannel: 'This Channel Belongs to a Remote Instance: Removing the Remote Unlinks It',
  invalidMoveTarget: 'move_to must be another Channel of this account',
  invalidParameters: 'Invalid Parameters Supplied',
  malformedBody: 'The Request Body Could Not Be Read',
  bodyTooLarge: 'The Request Body Is Too Large',
  bodyTooSlow: 'The Request Body Did Not Arrive in Time',
  busy: 'This Instance Is Busy Receiving Other Requests: Try Again Shortly',
  unknownEndpoint: 'Unknown Endpoint',
  methodNotAllowed: 'Method Not Allowed',
  invalidLogin: 'Invalid Account Name or Password',
  tooManySignIns: 'Too Many Sign-In Attempts: Try Again in a While',
  invalidSignInCode: 'This Sign-In Link Was Already Used, Has Expired or Is Not Right',
  internal: 'Something Went Wrong on This Instance',
  unknownRemote: 'Invalid Remote Identifier Supplied',
  remoteUnreachable: 'Could Not Reach the Remote Instance',
  remoteRefusedSignIn: 'The Remote Instance Refused the Sign-In',
  remoteUnusable: 'The Remote Instance Answered Something Unexpected',
  remoteExists: 'This Remote Instance Is Already Added',
  syncUnavailable: 'Sync Is Not Running on This Instance',
  unknownConflict: 'Invalid Conflict Identifier Supplied',
  notSyncedPost: 'This Post Does Not Come from a Remote Instance',
  unknownOutboxItem: 'Invalid Outbox Item Supplied',
  unknownPersona: 'No Persona by This Handle Is Known Here',
  settleConflictFirst: 'This Item Waits for a Conflict: Choose a Version',
  backupsUnavailable: 'This Instance Keeps No Backups',
  unknownBackup: 'Invalid Backup Identifier Supplied',
  backupDamaged: 'This Backup Is Damaged and Cannot Be Restored',
  backupFailed: 'The Backup Could Not Be Made',
  tooManyBackups: 'Too Many Backups Made on Request',
  unknownDraft: 'Invalid Draft Identifier Supplied',
  draftTooLarge: 'This Draft Is Larger Than a Draft May Be',
  tooManyDrafts: 'Too Many Drafts Are Kept for This Account',
  draftChanged: 'This Draft Was Changed Elsewhere: Read It Again',
  draftVersionAhead: 'This Draft Version Is Not One the Instance Gave',
  markerMoved: 'This Reading Place Was Moved Elsewhere: Read It Again',
  tooManyMarkers: 'Too Many Reading Places Are Kept for This Account',
  archiveRefused: 'This Archive Cannot Be Restored',
  archiveTooLarge: 'This Archive Is Larger Than an Upload May Be',
  exportFailed: 'The Archive Could Not Be Made',
  archiveUploading: 'Another Archive Is Being Uploaded: Wait for It to Finish',
  tooManyStreams: 'Too Many Event Streams Are Open Here: Try Again Shortly',
  /** Answered by a host (503) to requests that arrive while it shuts down. */
  shuttingDown: 'This Instance Is Shutting Down',
} as const;

export const notFound = (): ServiceError => new ServiceError(404, ErrorText.unknownEndpoint);
export const needLogin = (): ServiceError => new ServiceError(403, ErrorText.needToLogIn);
