/**
 * The guild's welcome screen, onboarding and incident actions.
 *
 * - Welcome screen: reading a disabled one needs MANAGE_GUILD; changing `enabled` turns the
 *   WELCOME_SCREEN_ENABLED feature on or off and so fires GUILD_UPDATE (the specification's "may
 *   fire Guild Update").
 * - Onboarding (PUT): the body's fields replace the stored ones, the others stay. When the result is
 *   enabled, at least 7 channels must count (default channels; under ONBOARDING_ADVANCED also the
 *   prompt options' channels) and at least 5 of them must let @everyone view and send messages.
 * - Incident actions: each timestamp at most 24 hours ahead of the emulator's clock; null ends the
 *   action; an absent field keeps its value.
 *
 * Unmet requirements answer as the platform does, with its own codes rather than a form error:
 * enabling onboarding is 400 code 350000, changing an enabled onboarding so that it falls below them
 * 400 code 350001. Choice: channels and roles that are not the guild's are 400 50035 on the field
 * concerned.
 */
import { type IncidentActionsBody, incidentActionsIssues } from '../../../spec/schemas/integration.js';
import {
  type ModifyOnboardingBody,
  onboardingChannelIssues,
  onboardingEveryoneIssues,
} from '../../../spec/schemas/onboarding.js';
import type { ModifyWelcomeScreenBody } from '../../../spec/schemas/welcomeScreen.js';
import { ErrorCode } from '../../../spec/codes.js';
import { type FieldError, PlatformError } from '../../PlatformError.js';
import type { GuildRecord, OnboardingRecord } from '../../world/guildRecords.js';
import { isThread } from '../../world/renderGuild.js';
import { parseIso, toIsoOrNull } from '../../world/time.js';
import { everyoneCan } from '../../permissions/computePermissions.js';
import type { World } from '../../world/World.js';
import type { Actor } from '../access.js';
import { recordAudit } from '../recordAudit.js';
import { emitGuildUpdate, throwFieldErrors } from './guildRules.js';

/** The guild feature that marks an enabled welcome screen. */
const WELCOME_FEATURE = 'WELCOME_SCREEN_ENABLED';

/** The welcome screen object. */
export function welcomeScreenWire(guild: GuildRecord): Record<string, unknown> {
  const screen = guild.welcome_screen;
  return {
    description: screen.description,
    welcome_channels: screen.welcome_channels.map((c) => ({ ...c })),
  };
}

/** True when `id` names a channel of the guild that is neither a thread nor a category. */
function isPlainChannel(guild: GuildRecord, id: string): boolean {
  const channel = guild.channels.get(id);
  return channel !== undefined && !isThread(channel) && channel.type !== 4;
}

/** Modify Guild Welcome Screen: applies the body; GUILD_UPDATE when `enabled` changes. */
export function modifyWelcomeScreen(actor: Actor, body: ModifyWelcomeScreenBody): void {
  const { guild } = actor;
  const errors: FieldError[] = [];
  (body.welcome_channels ?? []).forEach((entry, index) => {
    if (!isPlainChannel(guild, entry.channel_id)) {
      errors.push({
        path: ['welcome_channels', index, 'channel_id'],
        code: 'CHANNEL_INVALID',
        message: 'Must be a channel of this guild.',
      });
    }
  });
  throwFieldErrors(errors);
  const screen = guild.welcome_screen;
  const changes = [];
  if (body.description !== undefined && body.description !== screen.description) {
    changes.push({ key: 'description', old_value: screen.description, new_value: body.description });
    screen.description = body.description;
  }
  if (body.welcome_channels !== undefined) {
    screen.welcome_channels = (body.welcome_channels ?? []).map((c) => ({
      channel_id: c.channel_id,
      description: c.description,
      emoji_id: c.emoji_id ?? null,
      emoji_name: c.emoji_name ?? null,
    }));
    changes.push({ key: 'welcome_channels', new_value: screen.welcome_channels.length });
  }
  const enabled = body.enabled ?? screen.enabled;
  const toggled = enabled !== screen.enabled;
  if (toggled) {
    changes.push({ key: 'enabled', old_value: screen.enabled, new_value: enabled });
    screen.enabled = enabled;
    guild.features = enabled
      ? [...guild.features, WELCOME_FEATURE]
      : guild.features.filter((f) => f !== WELCOME_FEATURE);
  }
  recordAudit(actor, 'GUILD_UPDATE', guild.id, { changes });
  if (toggled) emitGuildUpdate(actor.world, guild);
}

/** The onboarding object. */
export function onboardingWire(guild: GuildRecord): Record<string, unknown> {
  const onboarding = guild.onboarding;
  return {
    guild_id: guild.id,
    prompts: onboarding.prompts.map((p) => structuredClone(p)),
    default_channel_ids: [...onboarding.default_channel_ids],
    enabled: onboarding.enabled,
    mode: onboarding.mode,
  };
}

/** Stores the prompts in wire shape; options without an id get one. */
function promptRecords(
  world: World,
  prompts: NonNullable<ModifyOnboardingBody['prompts']>,
): OnboardingRecord['prompts'] {
  return prompts.map((prompt) => ({
    id: prompt.id,
    type: prompt.type ?? 0,
    title: prompt.title,
    single_select: prompt.single_select ?? false,
    required: prompt.required ?? false,
    in_onboarding: prompt.in_onboarding ?? true,
    options: prompt.options.map((option) => ({
      id: option.id ?? world.ids.next(),
      title: option.title,
      description: option.description ?? '',
      emoji: {
        id: option.emoji_id ?? null,
        name: option.emoji_name ?? null,
        animated: option.emoji_animated ?? false,
      },
      channel_ids: [...new Set(option.channel_ids ?? [])],
      role_ids: [...new Set(option.role_ids ?? [])],
    })),
  }));
}

/**
 * Modify Guild Onboarding (PUT): merges the body into the stored onboarding, checks channels, roles
 * and (when enabled) the default-channel rule, then stores it with an audit-log entry.
 */
export function modifyOnboarding(actor: Actor, body: ModifyOnboardingBody): void {
  const { guild } = actor;
  const errors: FieldError[] = [];
  (body.default_channel_ids ?? []).forEach((id, index) => {
    if (!isPlainChannel(guild, id))
      errors.push({
        path: ['default_channel_ids', index],
        code: 'CHANNEL_INVALID',
        message: 'Must be a channel of this guild.',
      });
  });
  (body.prompts ?? []).forEach((prompt, p) => {
    prompt.options.forEach((option, o) => {
      (option.channel_ids ?? []).forEach((id, i) => {
        if (!isPlainChannel(guild, id))
          errors.push({
            path: ['prompts', p, 'options', o, 'channel_ids', i],
            code: 'CHANNEL_INVALID',
            message: 'Must be a channel of this guild.',
          });
      });
      (option.role_ids ?? []).forEach((id, i) => {
        if (!guild.roles.has(id) || id === guild.id)
          errors.push({
            path: ['prompts', p, 'options', o, 'role_ids', i],
            code: 'ROLE_INVALID',
            message: 'Must be a role of this guild (not @everyone).',
          });
      });
    });
  });
  throwFieldErrors(errors);

  const current = guild.onboarding;
  const prompts = body.prompts == null ? current.prompts : promptRecords(actor.world, body.prompts);
  const next: OnboardingRecord = {
    prompts,
    default_channel_ids:
      body.default_channel_ids == null ? current.default_channel_ids : [...new Set(body.default_channel_ids)],
    enabled: body.enabled ?? current.enabled,
    mode: body.mode ?? current.mode,
  };
  if (next.enabled) {
    // The rule applies to what onboarding would be, whichever fields this request sets.
    const effective: ModifyOnboardingBody = {
      enabled: true,
      default_channel_ids: next.default_channel_ids,
      mode: next.mode,
      prompts: next.prompts.map((p) => ({
        id: String(p.id),
        title: String(p.title),
        options: (p.options as Array<{ channel_ids: string[] }>).map((o) => ({
          title: '',
          channel_ids: o.channel_ids,
        })),
      })),
    };
    const unmet =
      onboardingChannelIssues(effective).length > 0 ||
      onboardingEveryoneIssues(effective, (id) => {
        const channel = guild.channels.get(id);
        return channel !== undefined && everyoneCan(guild, channel, ['VIEW_CHANNEL', 'SEND_MESSAGES']);
      }).length > 0;
    if (unmet) {
      throw current.enabled
        ? PlatformError.badRequest(
            'Cannot update onboarding while below requirements',
            ErrorCode.ONBOARDING_BELOW_REQUIREMENTS,
          )
        : PlatformError.badRequest(
            'Cannot enable onboarding, requirements are not met',
            ErrorCode.ONBOARDING_REQUIREMENTS_NOT_MET,
          );
    }
  }
  guild.onboarding = next;
  recordAudit(actor, 'ONBOARDING_UPDATE', guild.id, {
    changes: [
      { key: 'enabled', old_value: current.enabled, new_value: next.enabled },
      { key: 'mode', old_value: current.mode, new_value: next.mode },
    ],
  });
}

/** The incidents data object. */
export function incidentsWire(guild: GuildRecord): Record<string, unknown> {
  const data = guild.incidents_data;
  return {
    invites_disabled_until: toIsoOrNull(data.invites_disabled_until),
    dms_disabled_until: toIsoOrNull(data.dms_disabled_until),
    dm_spam_detected_at: toIsoOrNull(data.dm_spam_detected_at),
    raid_detected_at: toIsoOrNull(data.raid_detected_at),
  };
}

/** Modify Guild Incident Actions: each time at most 24 hours ahead; null ends the action. */
export function modifyIncidentActions(actor: Actor, body: IncidentActionsBody): void {
  const { guild } = actor;
  throwFieldErrors(
    incidentActionsIssues(body, actor.world.now()).map((issue) => ({
      path: issue.path ?? [],
      code: 'INCIDENT_ACTION_TOO_FAR',
      message: issue.message ?? 'at most 24 hours ahead',
    })),
  );
  const data = guild.incidents_data;
  if (body.invites_disabled_until !== undefined)
    data.invites_disabled_until =
      body.invites_disabled_until === null ? null : parseIso(body.invites_disabled_until);
  if (body.dms_disabled_until !== undefined)
    data.dms_disabled_until = body.dms_disabled_until === null ? null : parseIso(body.dms_disabled_until);
}
