/**
 * The platform's message for each error code, as the emulator sends it. A module of its own so that
 * a client, which reads the platform's message from the answer, does not carry the text.
 */
import type { ErrorCode, ErrorCodeValue } from './codes.js';

/** The platform's message for each {@link ErrorCode}, as the emulator sends it. */
export const errorMessages: Readonly<Record<ErrorCodeValue, string>> = {
  0: 'General error',
  10002: 'Unknown Application',
  10003: 'Unknown Channel',
  10004: 'Unknown Guild',
  10005: 'Unknown Integration',
  10006: 'Unknown Invite',
  10007: 'Unknown Member',
  10008: 'Unknown Message',
  10011: 'Unknown Role',
  10013: 'Unknown User',
  10026: 'Unknown Ban',
  10031: 'Unknown Lobby',
  10124: 'Unknown Invite Target Users Job',
  10129: 'Unknown Invite Target Users',
  20001: 'Bots cannot use this endpoint',
  30005: 'Maximum number of guild roles reached (250)',
  40005: 'Request entity too large',
  40007: 'The user is banned from this guild.',
  40032: 'Target user is not connected to voice.',
  40062: 'Service resource is being rate limited.',
  50001: 'Missing Access',
  50004: 'Widget Disabled',
  50013: 'Missing Permissions',
  50024: 'Cannot execute action on this channel type',
  50025: 'Invalid OAuth2 access token',
  50028: 'Invalid role',
  50035: 'Invalid Form Body',
  50109: 'The request body contains invalid JSON.',
  110000: 'This guild is not yet indexed',
  160014: 'Cannot forward a message you cannot read',
  350000: 'Cannot enable onboarding, requirements are not met',
  350001: 'Cannot update onboarding while below requirements',
  500000: 'Failed to ban users',
};
