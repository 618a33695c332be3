/** Texts of the answers the desktop's guards give before a request reaches the service. */
export const RefusalText = {
  foreignOrigin: 'Requests From This Origin Are Not Allowed',
  unknownHost: 'This Instance Answers Only at 127.0.0.1 or localhost',
} as const;
