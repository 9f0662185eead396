/** Every schema of the contract: one module per resource, re-exported here. */
export * from './ban.js';
export * from './channel.js';
export * from './common.js';
export * from './emoji.js';
export * from './invite.js';
export * from './lobby.js';
export * from './member.js';
export * from './memberRequests.js';
export * from './prune.js';
export * from './role.js';
export * from './roleConnection.js';
export * from './roleRequests.js';
export * from './targetUsersCsv.js';
export * from './threadMember.js';
export * from './user.js';
export * from './voiceStatus.js';
export * from './webhookEvent.js';
