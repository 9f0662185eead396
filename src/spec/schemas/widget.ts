/**
 * The guild widget: its settings (Get Guild Widget Settings, Modify Guild Widget), the public
 * widget.json, the widget.png style query, and the vanity URL's partial invite.
 */
import * as z from 'zod/mini';
import { widgetStyles } from '../flags.js';
import { limits } from '../limits.js';
import { responseObject, snowflake } from './common.js';

/** Widget settings: whether the widget is on, and the channel its invite leads to (null: none). */
export const widgetSettings = responseObject({
  enabled: z.boolean(),
  channel_id: z.nullish(snowflake),
});
/** Widget settings. */
export type WidgetSettings = z.infer<typeof widgetSettings>;

/**
 * Modify Guild Widget body: the widget settings attributes, each optional; null `channel_id` removes
 * the invite channel. Needs MANAGE_GUILD; fires Guild Update.
 */
export const modifyGuildWidgetBody = z.object({
  enabled: z.nullish(z.boolean()),
  channel_id: z.nullish(snowflake),
});
/** Modify Guild Widget body. */
export type ModifyGuildWidgetBody = z.infer<typeof modifyGuildWidgetBody>;

/** A channel on the widget: a voice or stage channel visible to @everyone. */
export const widgetChannel = responseObject({
  id: snowflake,
  name: z.string(),
  position: z.number().check(z.int()),
});
/** A widget channel. */
export type WidgetChannel = z.infer<typeof widgetChannel>;

/**
 * A user on the widget. `id`, `discriminator` and `avatar` are anonymised (the id is a sequence
 * number, not a snowflake); `avatar_url` and `status` are real.
 */
export const widgetMember = responseObject({
  id: z.string(),
  username: z.string(),
  discriminator: z.optional(z.string()),
  avatar: z.nullish(z.string()),
  status: z.string(),
  avatar_url: z.string(),
});
/** A widget member. */
export type WidgetMember = z.infer<typeof widgetMember>;

/**
 * The public widget (widget.json): the guild's id and name, the invite of the widget channel when
 * one is set, visible voice channels, up to 100 members with presence, and the online count.
 */
export const widget = responseObject({
  id: snowflake,
  name: z.string(),
  instant_invite: z.optional(z.string()),
  channels: z.array(widgetChannel),
  members: z.array(widgetMember).check(
    z.maxLength(limits.guild.widgetMembersMax, {
      message: `members holds at most ${limits.guild.widgetMembersMax} users`,
    }),
  ),
  presence_count: z.number().check(z.int()),
});
/** A guild widget. */
export type Widget = z.infer<typeof widget>;

/** Get Guild Widget Image query: `style`, one of shield (default), banner1-4. */
export const widgetImageQuery = z.object({
  style: z._default(
    z.enum(widgetStyles, { message: `style must be one of ${widgetStyles.join(', ')}` }),
    'shield',
  ),
});
/** Get Guild Widget Image query (as sent). */
export type WidgetImageQuery = z.input<typeof widgetImageQuery>;

/** Get Guild Vanity URL: the partial invite; `code` is null when the guild has no vanity URL. */
export const vanityUrl = responseObject({
  code: z.nullable(z.string()),
  uses: z.number().check(z.int()),
});
/** A vanity URL. */
export type VanityUrl = z.infer<typeof vanityUrl>;
