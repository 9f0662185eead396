/**
 * Guild onboarding: the onboarding object with its prompts and options, and the Modify Guild
 * Onboarding body with the default-channel constraints. The count of channels is checked here;
 * "at least 5 of which let @everyone send messages" needs the guild's channels and is
 * {@link onboardingEveryoneIssues}.
 */
import * as z from 'zod/mini';
import { OnboardingMode, PromptType, type ValueOf } from '../flags.js';
import { limits } from '../limits.js';
import { responseObject, snowflake } from './common.js';
import { emoji } from './emoji.js';

/**
 * A prompt option. Responses carry the `emoji` object; requests use `emoji_id`, `emoji_name` and
 * `emoji_animated` instead. Selecting it adds `channel_ids` and assigns `role_ids`.
 */
export const onboardingOption = responseObject({
  id: snowflake,
  channel_ids: z.array(snowflake),
  role_ids: z.array(snowflake),
  emoji: z.optional(emoji),
  emoji_id: z.optional(snowflake),
  emoji_name: z.optional(z.string()),
  emoji_animated: z.optional(z.boolean()),
  title: z.string(),
  description: z.optional(z.string()),
});
/** A prompt option. */
export type OnboardingOption = z.infer<typeof onboardingOption>;

/**
 * An onboarding prompt. `in_onboarding` false means it appears only in the Channels & Roles tab.
 * `type` is a Prompt Type (MULTIPLE_CHOICE=0, DROPDOWN=1).
 */
export const onboardingPrompt = responseObject({
  id: snowflake,
  type: z.number().check(z.int()),
  options: z.array(onboardingOption),
  title: z.string(),
  single_select: z.boolean(),
  required: z.boolean(),
  in_onboarding: z.boolean(),
});
/** An onboarding prompt. */
export type OnboardingPrompt = z.infer<typeof onboardingPrompt>;

/** A guild's onboarding (Get Guild Onboarding, and the answer of Modify Guild Onboarding). */
export const onboarding = responseObject({
  guild_id: snowflake,
  prompts: z.array(onboardingPrompt),
  /** Channels members are opted into. */
  default_channel_ids: z.array(snowflake),
  enabled: z.boolean(),
  /** Onboarding Mode: what counts towards the default-channel constraints. */
  mode: z.number().check(z.int()),
});
/** A guild's onboarding. */
export type Onboarding = z.infer<typeof onboarding>;

/** An option in a request; a new option has no id yet. */
export const onboardingOptionBody = z.object({
  id: z.nullish(snowflake),
  title: z.string({ message: 'title is required for an option' }),
  description: z.nullish(z.string()),
  emoji_id: z.nullish(snowflake),
  emoji_name: z.nullish(z.string()),
  emoji_animated: z.nullish(z.boolean()),
  channel_ids: z.nullish(z.array(snowflake)),
  role_ids: z.nullish(z.array(snowflake)),
});
/** An option in a request. */
export type OnboardingOptionBody = z.infer<typeof onboardingOptionBody>;

const promptTypes = Object.values(PromptType) as number[];
const modes = Object.values(OnboardingMode) as number[];

/** A prompt in a request. */
export const onboardingPromptBody = z.object({
  id: snowflake,
  title: z.string({ message: 'title is required for a prompt' }),
  options: z.array(onboardingOptionBody),
  type: z.nullish(
    z
      .number()
      .check(z.int())
      .check(
        z.refine((v) => promptTypes.includes(v), {
          message: `type must be a Prompt Type: ${PromptType.MULTIPLE_CHOICE} (MULTIPLE_CHOICE) or ${PromptType.DROPDOWN} (DROPDOWN)`,
        }),
      ),
  ),
  single_select: z.nullish(z.boolean()),
  required: z.nullish(z.boolean()),
  in_onboarding: z.nullish(z.boolean()),
});
/** A prompt in a request. */
export type OnboardingPromptBody = z.infer<typeof onboardingPromptBody>;

/** The fields of Modify Guild Onboarding, before the constraint on default channels. */
/**
 * Modify Guild Onboarding body (PUT), its shape only: `prompts`, `default_channel_ids`, `enabled`,
 * `mode`, all optional. The route takes this: the platform answers unmet requirements with codes of
 * their own (350000, 350001), not as a form error.
 */
export const modifyOnboardingFields = z.object({
  prompts: z.nullish(z.array(onboardingPromptBody)),
  default_channel_ids: z.nullish(z.array(snowflake)),
  enabled: z.nullish(z.boolean()),
  mode: z.nullish(
    z
      .number()
      .check(z.int())
      .check(
        z.refine((v) => modes.includes(v), {
          message: `mode must be ${OnboardingMode.ONBOARDING_DEFAULT} (ONBOARDING_DEFAULT) or ${OnboardingMode.ONBOARDING_ADVANCED} (ONBOARDING_ADVANCED)`,
        }),
      ),
  ),
});
/** Modify Guild Onboarding body. */
export type ModifyOnboardingBody = z.infer<typeof modifyOnboardingFields>;

/** An onboarding mode value. */
export type OnboardingModeValue = ValueOf<typeof OnboardingMode>;

/**
 * The distinct channel ids that count towards the constraints: the default channels, plus under
 * ONBOARDING_ADVANCED the channels of every prompt option.
 */
export function onboardingCountedChannels(
  body: Pick<ModifyOnboardingBody, 'default_channel_ids' | 'prompts'>,
  mode: number,
): string[] {
  const ids = new Set(body.default_channel_ids ?? []);
  if (mode === OnboardingMode.ONBOARDING_ADVANCED) {
    for (const prompt of body.prompts ?? []) {
      for (const option of prompt.options) for (const id of option.channel_ids ?? []) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * The mode a constraint is checked under: the body's, else the guild's current one, else (no
 * context) ADVANCED, the reading that counts the most channels, so that a context-free check never
 * rejects what the platform could accept.
 */
function effectiveMode(body: Pick<ModifyOnboardingBody, 'mode'>, currentMode?: number): number {
  return body.mode ?? currentMode ?? OnboardingMode.ONBOARDING_ADVANCED;
}

/** Whether the constraints apply: onboarding is being enabled with a list of default channels. */
function constrained(body: Pick<ModifyOnboardingBody, 'enabled' | 'default_channel_ids'>): boolean {
  return body.enabled === true && body.default_channel_ids !== undefined && body.default_channel_ids !== null;
}

/**
 * "Onboarding enabled: at least 7 default channels", counted by mode ({@link onboardingCountedChannels}).
 * Applies when `enabled` is true and `default_channel_ids` is given. `currentMode` is the guild's mode
 * when the body sets none. Returns zod-style issues, empty when the body passes.
 */
export function onboardingChannelIssues(
  body: ModifyOnboardingBody,
  currentMode?: number,
): z.core.$ZodIssueCustom[] {
  if (!constrained(body)) return [];
  const mode = effectiveMode(body, currentMode);
  const count = onboardingCountedChannels(body, mode).length;
  const min = limits.guild.onboardingMinDefaultChannels;
  if (count >= min) return [];
  const counted =
    mode === OnboardingMode.ONBOARDING_ADVANCED ? 'default channels and prompt channels' : 'default channels';
  return [
    {
      code: 'custom',
      path: ['default_channel_ids'],
      message: `enabled onboarding needs at least ${min} channels (${counted} count under mode ${mode}; got ${count})`,
      input: body.default_channel_ids,
    },
  ];
}

/**
 * "… at least 5 of which let @everyone send messages": of the channels that count (by mode), at
 * least 5 must pass `canEveryoneSend` (the emulator computes @everyone's permissions in each channel).
 * Applies, like {@link onboardingChannelIssues}, when `enabled` is true and `default_channel_ids` is
 * given. Returns zod-style issues, empty when the body passes.
 */
export function onboardingEveryoneIssues(
  body: ModifyOnboardingBody,
  canEveryoneSend: (channelId: string) => boolean,
  currentMode?: number,
): z.core.$ZodIssueCustom[] {
  if (!constrained(body)) return [];
  const counted = onboardingCountedChannels(body, effectiveMode(body, currentMode));
  const sendable = counted.filter((id) => canEveryoneSend(id)).length;
  const min = limits.guild.onboardingMinEveryoneSendable;
  if (sendable >= min) return [];
  return [
    {
      code: 'custom',
      path: ['default_channel_ids'],
      message: `enabled onboarding needs at least ${min} channels where @everyone can send messages (got ${sendable})`,
      input: body.default_channel_ids,
    },
  ];
}

/**
 * Modify Guild Onboarding body (PUT) with the requirement a body alone can show: with `enabled: true`
 * and `default_channel_ids`, at least 7 channels must count ({@link onboardingChannelIssues}; without
 * `mode` in the body the ADVANCED reading is used). For checking a body before sending it; the route
 * itself takes {@link modifyOnboardingFields}, since the platform answers unmet requirements with
 * 350000 (enabling) or 350001 (changing an enabled onboarding), not 50035.
 */
export const modifyOnboardingBody = modifyOnboardingFields.check(
  z.superRefine((body, ctx) => {
    for (const issue of onboardingChannelIssues(body)) ctx.addIssue({ ...issue });
  }),
);
