/** Renders users in the platform's wire shape. */
import { type UserRecord, userRecord } from './accountRecords.js';

/** A user object as the platform embeds it in members, bans, invites and messages. */
export interface UserWire {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  banner: string | null;
  accent_color: number | null;
  public_flags: number;
  flags: number;
  bot?: boolean;
  avatar_decoration_data: null;
  collectibles: null;
  primary_guild: null;
}

/** The user object; `bot` appears only for bots, as on the platform. */
export function renderUser(user: UserRecord): UserWire {
  const wire: UserWire = {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: user.discriminator,
    avatar: user.avatar,
    banner: user.banner,
    accent_color: user.accent_color,
    public_flags: user.public_flags,
    flags: user.flags,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
  if (user.bot) wire.bot = true;
  return wire;
}

/** A placeholder for a user id the world does not know (kept so that renders never throw). */
export function unknownUser(id: string): UserRecord {
  // An account the world does not know has no session, so it is never present.
  return userRecord(id, 0, { username: 'deleted_user', status: 'offline' });
}
