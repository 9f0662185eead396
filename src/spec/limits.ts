/**
 * Every limit of the platform specification, as data. Request schemas, the emulator and the lobby
 * runtime read these; nothing else spells a limit out. Each line quotes the specification.
 */
import {
  lobbyLimits,
  moderationMetadataLimits,
  guildLimits,
  channelLimits,
  memberLimits,
  banLimits,
  pruneLimits,
  roleLimits,
  inviteLimits,
  threadMembersLimits,
  roleConnectionLimits,
  gatewayConnectionLimits,
  messagesLimits,
  rateLimitLimits,
  auditLogLimits,
} from './limitAreas.js';

/** Every limit of the platform specification, by area. */
export const limits = {
  lobby: lobbyLimits,
  moderationMetadata: moderationMetadataLimits,
  guild: guildLimits,
  channel: channelLimits,
  member: memberLimits,
  ban: banLimits,
  prune: pruneLimits,
  role: roleLimits,
  invite: inviteLimits,
  threadMembers: threadMembersLimits,
  roleConnection: roleConnectionLimits,
  gateway: gatewayConnectionLimits,
  messages: messagesLimits,
  rateLimits: rateLimitLimits,
  auditLog: auditLogLimits,
} as const;

/** The development rate-limit buckets of lobby routes (per application, per 2 hours). */
export type DevelopmentBucket =
  | 'createLobby'
  | 'createOrJoinLobby'
  | 'modifyLobby'
  | 'addLobbyMember'
  | 'removeLobbyMember'
  | 'bulkUpdateLobbyMembers'
  | 'linkLobbyChannel'
  | 'sendLobbyMessage'
  | 'createLinkedChannelInvite';

/**
 * The specification's development rate-limit table: requests per 2 hours, per application.
 * paths.md notes an update raised several to 100; use {@link developmentRateLimitsRaised} for that.
 */
export const developmentRateLimits: Readonly<Record<DevelopmentBucket, number>> = {
  createLobby: 20, // "POST /lobbies: 20 per 2 hours"
  createOrJoinLobby: 20, // "PUT /lobbies: 20 per 2 hours"
  modifyLobby: 100, // "PATCH /lobbies/{lobby.id}: 100 per 2 hours"
  addLobbyMember: 100, // "PUT /lobbies/{lobby.id}/members/{user.id}: 100 per 2 hours"
  removeLobbyMember: 100, // "DELETE /lobbies/{lobby.id}/members/{user.id}: 100 per 2 hours"
  bulkUpdateLobbyMembers: 100, // paths.md: bulk 100
  linkLobbyChannel: 20, // "PATCH /lobbies/{lobby.id}/channel-linking: 20 per 2 hours"
  sendLobbyMessage: 100, // "POST /lobbies/{lobby.id}/messages: 100 per 2 hours"
  createLinkedChannelInvite: 100, // paths.md: both invite routes 100
};

/** paths.md's raised figures: 100 for everything but channel linking (20). */
export const developmentRateLimitsRaised: Readonly<Record<DevelopmentBucket, number>> = {
  ...developmentRateLimits,
  createLobby: 100,
  createOrJoinLobby: 100,
};

/**
 * Highest bitrate a channel of `type` may have in a guild of `premiumTier`.
 * Voice: 96000, 128000, 256000, 384000 by tier, 384000 with VIP_REGIONS; stage: 64000.
 */
export function maxBitrate(type: 'voice' | 'stage', premiumTier: number, vipRegions = false): number {
  if (type === 'stage') return limits.channel.stageBitrateMax;
  const byTier = limits.channel.voiceBitrateMaxByTier;
  if (vipRegions) return byTier[3];
  const tier = Math.max(0, Math.min(3, Math.trunc(premiumTier)));
  return byTier[tier as 0 | 1 | 2 | 3];
}
