/**
 * Guild integrations: the listing (at most 50, the rest inaccessible) and deletion, which deletes
 * the integration's webhooks, kicks its bot, and fires GUILD_INTEGRATIONS_UPDATE and
 * INTEGRATION_DELETE. An unknown integration is 404 code 10005 Unknown Integration (platform code,
 * not in the specification's table).
 */
import { limits } from '../../../spec/limits.js';
import { ErrorCode } from '../../../spec/codes.js';
import { PlatformError } from '../../PlatformError.js';
import type { GuildRecord, IntegrationRecord } from '../../world/guildRecords.js';
import { renderUser } from '../../world/renderAccount.js';
import { compareIds } from '../../world/renderGuild.js';
import { toIsoOrNull } from '../../world/time.js';
import type { World } from '../../world/World.js';
import type { Actor } from '../access.js';
import { recordAudit } from '../recordAudit.js';

/** The platform's own integration type (bots); the (b) fields are not sent for it. */
const BOT_TYPE = 'discord';

/** An integration object: bot integrations without the (b) fields, others with them. */
export function integrationWire(world: World, integration: IntegrationRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: integration.id,
    name: integration.name,
    type: integration.type,
    enabled: integration.enabled,
    account: { ...integration.account },
  };
  if (integration.user_id !== null) wire.user = renderUser(world.userOrPlaceholder(integration.user_id));
  if (integration.type === BOT_TYPE) {
    const app =
      integration.application_id === null ? undefined : world.applications.get(integration.application_id);
    if (app) {
      wire.application = {
        id: app.id,
        name: app.name,
        icon: app.icon,
        description: app.description,
        type: null,
        bot: renderUser(world.userOrPlaceholder(app.bot_user_id)),
      };
    }
    wire.scopes = [...integration.scopes];
    return wire;
  }
  if (integration.type === 'guild_subscription') return wire;
  return {
    ...wire,
    syncing: integration.syncing ?? false,
    role_id: integration.role_id,
    enable_emoticons: integration.enable_emoticons ?? false,
    expire_behavior: integration.expire_behavior ?? 0,
    expire_grace_period: integration.expire_grace_period ?? 1,
    ...(integration.synced_at === null ? {} : { synced_at: toIsoOrNull(integration.synced_at) }),
    subscriber_count: integration.subscriber_count ?? 0,
    revoked: integration.revoked ?? false,
  };
}

/** Get Guild Integrations: the first 50 by id. */
export function guildIntegrations(world: World, guild: GuildRecord): Record<string, unknown>[] {
  return [...guild.integrations.values()]
    .sort((a, b) => compareIds(a.id, b.id))
    .slice(0, limits.guild.integrationsListMax)
    .map((i) => integrationWire(world, i));
}

/**
 * Delete Guild Integration: removes it, kicks its bot (GUILD_MEMBER_REMOVE), records the audit-log
 * entry and fires GUILD_INTEGRATIONS_UPDATE and INTEGRATION_DELETE.
 */
export function deleteIntegration(actor: Actor, integrationId: string): void {
  const { guild } = actor;
  const integration = guild.integrations.get(integrationId);
  if (!integration) throw PlatformError.unknown(ErrorCode.UNKNOWN_INTEGRATION);
  guild.integrations.delete(integrationId);
  const app =
    integration.application_id === null
      ? undefined
      : actor.world.applications.get(integration.application_id);
  if (app && app.bot_user_id !== guild.owner_id) actor.world.guilds.removeMember(guild, app.bot_user_id);
  recordAudit(actor, 'INTEGRATION_DELETE', integration.id, {
    changes: [
      { key: 'name', old_value: integration.name },
      { key: 'type', old_value: integration.type },
    ],
  });
  actor.world.emit('GUILD_INTEGRATIONS_UPDATE', { guild_id: guild.id }, guild.id);
  actor.world.emit(
    'INTEGRATION_DELETE',
    {
      id: integration.id,
      guild_id: guild.id,
      ...(integration.application_id === null ? {} : { application_id: integration.application_id }),
    },
    guild.id,
  );
}
