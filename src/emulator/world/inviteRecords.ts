/** Records of invites and their target-users jobs (snake_case wire names, see accountRecords). */
import type { EpochMs, Snowflake } from './accountRecords.js';

/** The state of an invite's asynchronous target-users job (status codes of TargetUsersJobStatus). */
export interface TargetUsersJobRecord {
  status: number;
  total_users: number;
  processed_users: number;
  created_at: EpochMs;
  completed_at: EpochMs | null;
  error_message: string | null;
}

/** An invite, guild or linked-channel. */
export interface InviteRecord {
  code: string;
  /** Invite type: GUILD=0, GROUP_DM=1, FRIEND=2. */
  type: number;
  guild_id: Snowflake | null;
  channel_id: Snowflake | null;
  inviter_id: Snowflake | null;
  target_type: number | null;
  target_user_id: Snowflake | null;
  target_application_id: Snowflake | null;
  /** Seconds until expiry from `created_at`; 0 never expires. */
  max_age: number;
  /** 0 means unlimited. */
  max_uses: number;
  uses: number;
  temporary: boolean;
  flags: number;
  created_at: EpochMs;
  /** Roles granted on acceptance. */
  role_ids: Snowflake[];
  /** Users allowed to accept (from the target-users CSV), or null when anyone may. */
  target_user_ids: Snowflake[] | null;
  target_users_job: TargetUsersJobRecord | null;
  /** A lobby's linked-channel invite names its lobby. */
  lobby_id: Snowflake | null;
}
