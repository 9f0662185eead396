/**
 * The guild welcome screen: the answer of Get / Modify Guild Welcome Screen (also embedded in an
 * invite's guild) and the Modify Guild Welcome Screen body, with its "up to 5 channels" limit.
 */
import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { responseObject, snowflake } from './common.js';

/**
 * One channel shown on the welcome screen. `emoji_id` is set for a custom emoji; `emoji_name` is the
 * custom emoji's name, the unicode character of a standard one, or null when there is no emoji.
 * `emoji_id` is optional in the specification; the platform sends null for no custom emoji.
 */
export const welcomeScreenChannel = responseObject({
  channel_id: snowflake,
  description: z.string(),
  emoji_id: z.nullish(snowflake),
  emoji_name: z.nullish(z.string()),
});
/** A welcome screen channel. */
export type WelcomeScreenChannel = z.infer<typeof welcomeScreenChannel>;

/** A guild's welcome screen: an optional description and up to 5 channels. */
export const welcomeScreen = responseObject({
  /** Optional in the specification; the platform sends null when unset. */
  description: z.nullish(z.string()),
  welcome_channels: z.array(welcomeScreenChannel).check(
    z.maxLength(limits.guild.welcomeChannelsMax, {
      message: `welcome_channels holds at most ${limits.guild.welcomeChannelsMax} channels`,
    }),
  ),
});
/** A welcome screen. */
export type WelcomeScreen = z.infer<typeof welcomeScreen>;

/** A welcome channel as Modify Guild Welcome Screen takes it; the emoji fields may be null. */
export const welcomeScreenChannelBody = z.object({
  channel_id: snowflake,
  description: z.string({ message: 'description is required (the text shown for the channel)' }),
  emoji_id: z.nullish(snowflake),
  emoji_name: z.nullish(z.string()),
});
/** A welcome channel in a request. */
export type WelcomeScreenChannelBody = z.infer<typeof welcomeScreenChannelBody>;

/**
 * Modify Guild Welcome Screen body: every field optional and nullable. `welcome_channels` replaces
 * the whole list and holds at most 5 channels. Needs MANAGE_GUILD; may fire Guild Update.
 */
export const modifyWelcomeScreenBody = z.object({
  enabled: z.nullish(z.boolean()),
  welcome_channels: z.nullish(
    z.array(welcomeScreenChannelBody).check(
      z.maxLength(limits.guild.welcomeChannelsMax, {
        message: `welcome_channels must hold at most ${limits.guild.welcomeChannelsMax} channels`,
      }),
    ),
  ),
  description: z.nullish(z.string()),
});
/** Modify Guild Welcome Screen body. */
export type ModifyWelcomeScreenBody = z.infer<typeof modifyWelcomeScreenBody>;
