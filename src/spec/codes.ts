/**
 * The platform's JSON error codes used in this area (specification and paths.md).
 * An `ApiError` carries one of these in `code`; the emulator answers with them.
 */
export const ErrorCode = {
  GENERAL_ERROR: 0,
  UNKNOWN_CHANNEL: 10003,
  UNKNOWN_GUILD: 10004,
  UNKNOWN_INVITE: 10006,
  UNKNOWN_MEMBER: 10007,
  UNKNOWN_ROLE: 10011,
  /** The specification's UNKNOWN_USER. */
  UNKNOWN_USER: 10013,
  UNKNOWN_BAN: 10026,
  UNKNOWN_LOBBY: 10031,
  RESOURCE_RATE_LIMITED: 40062,
  MISSING_ACCESS: 50001,
  MISSING_PERMISSIONS: 50013,
  INVALID_FORM_BODY: 50035,
  GUILD_NOT_YET_INDEXED: 110000,
  CANNOT_FORWARD_UNREADABLE_MESSAGE: 160014,
  BULK_BAN_FAILED: 500000,
} as const;

/** A platform error code named in the specification. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The platform's message for each code, as the emulator sends it. */
export const errorMessages: Readonly<Record<ErrorCodeValue, string>> = {
  0: 'General error',
  10003: 'Unknown Channel',
  10004: 'Unknown Guild',
  10006: 'Unknown Invite',
  10007: 'Unknown Member',
  10011: 'Unknown Role',
  10013: 'Unknown User',
  10026: 'Unknown Ban',
  10031: 'Unknown Lobby',
  40062: 'Service resource is being rate limited.',
  50001: 'Missing Access',
  50013: 'Missing Permissions',
  50035: 'Invalid Form Body',
  110000: 'This guild is not yet indexed',
  160014: 'Cannot forward a message you cannot read',
  500000: 'Failed to ban users',
};

/** One leaf of the 50035 envelope's nested `errors` object. */
export interface FieldErrorLeaf {
  code: string;
  message: string;
}

/**
 * The nested `errors` of a 50035 answer: objects keyed by field name or array index, down to
 * `{ _errors: [...] }` leaves.
 */
export interface FieldErrorTree {
  _errors?: FieldErrorLeaf[];
  [key: string]: FieldErrorTree | FieldErrorLeaf[] | undefined;
}

/** The platform's error response envelope. */
export interface ErrorEnvelope {
  code: number;
  message: string;
  errors?: FieldErrorTree;
}
