/**
 * The platform's JSON error codes used in this area: the specification's and paths.md's, and the
 * few more the platform's JSON error code table gives for rules of these operations (each quoted).
 * An `ApiError` carries one of these in `code`; the emulator answers with them.
 */
export const ErrorCode = {
  GENERAL_ERROR: 0,
  /** "Unknown application". */
  UNKNOWN_APPLICATION: 10002,
  UNKNOWN_CHANNEL: 10003,
  UNKNOWN_GUILD: 10004,
  /** "Unknown integration". */
  UNKNOWN_INTEGRATION: 10005,
  UNKNOWN_INVITE: 10006,
  UNKNOWN_MEMBER: 10007,
  /** "Unknown message". */
  UNKNOWN_MESSAGE: 10008,
  UNKNOWN_ROLE: 10011,
  /** The specification's UNKNOWN_USER. */
  UNKNOWN_USER: 10013,
  UNKNOWN_BAN: 10026,
  UNKNOWN_LOBBY: 10031,
  /** Get Target Users Job Status of an invite that never had target users (no job). */
  UNKNOWN_TARGET_USERS_JOB: 10124,
  /** Get Target Users of an invite that has no target users (no list yet). */
  UNKNOWN_TARGET_USERS: 10129,
  /** "Bots cannot use this endpoint" (Create Guild for applications). */
  BOTS_CANNOT_USE_ENDPOINT: 20001,
  /** "Maximum number of guild roles reached (250)". */
  MAX_ROLES: 30005,
  /** "Request entity too large". */
  REQUEST_ENTITY_TOO_LARGE: 40005,
  /** "The user is banned from this guild". */
  USER_BANNED: 40007,
  /** "Target user is not connected to voice". */
  TARGET_NOT_IN_VOICE: 40032,
  RESOURCE_RATE_LIMITED: 40062,
  MISSING_ACCESS: 50001,
  /** "Widget disabled". */
  WIDGET_DISABLED: 50004,
  MISSING_PERMISSIONS: 50013,
  /** "Cannot execute action on this channel type". */
  INVALID_CHANNEL_TYPE: 50024,
  /** "Invalid OAuth2 access token". */
  INVALID_OAUTH2_ACCESS_TOKEN: 50025,
  /** "Invalid role". */
  INVALID_ROLE: 50028,
  INVALID_FORM_BODY: 50035,
  /** "The request body contains invalid JSON". */
  INVALID_JSON: 50109,
  GUILD_NOT_YET_INDEXED: 110000,
  CANNOT_FORWARD_UNREADABLE_MESSAGE: 160014,
  /** "Cannot enable onboarding, requirements are not met". */
  ONBOARDING_REQUIREMENTS_NOT_MET: 350000,
  /** "Cannot update onboarding while below requirements". */
  ONBOARDING_BELOW_REQUIREMENTS: 350001,
  BULK_BAN_FAILED: 500000,
} as const;

/** A platform error code of {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

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
