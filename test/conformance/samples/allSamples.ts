import { gatewaySamples } from './gatewaySamples.js';
import { guildSamples } from './guildSamples.js';
import { inviteSamples } from './inviteSamples.js';
import { lobbySamples } from './lobbySamples.js';
import { memberSamples } from './memberSamples.js';
import type { SampleSet } from './types.js';

/** Every area's samples, keyed by route name. */
export const allSamples: SampleSet = {
  ...lobbySamples,
  ...guildSamples,
  ...memberSamples,
  ...inviteSamples,
  ...gatewaySamples,
};
