import { discord } from './discord.js';
import { email } from './email.js';
import { googlechat } from './googlechat.js';
import { ifttt } from './ifttt.js';
import { matrix } from './matrix.js';
import { mattermost } from './mattermost.js';
import { ntfy } from './ntfy.js';
import { opsgenie } from './opsgenie.js';
import { pushbullet } from './pushbullet.js';
import { pushover } from './pushover.js';
import { rocketchat } from './rocketchat.js';
import { slack } from './slack.js';
import { teams } from './teams.js';
import { telegram } from './telegram.js';
import type { Channel } from './types.js';
import { webhook } from './webhook.js';
import { zulip } from './zulip.js';

/** Every channel, by connection type. */
export const CHANNELS: readonly Channel[] = [
  discord,
  email,
  googlechat,
  ifttt,
  mattermost,
  matrix,
  ntfy,
  opsgenie,
  pushbullet,
  pushover,
  rocketchat,
  slack,
  teams,
  telegram,
  zulip,
  webhook,
] as Channel[];

/** The channel of a connection type (`slack`, `zulip_chat`, ...). */
export function channelForType(type: string): Channel | undefined {
  return CHANNELS.find((c) => c.type === type);
}

/** The channel of a URL scheme (`slack`, `smtp`, `generic+https`, ...). */
export function channelForScheme(scheme: string): Channel | undefined {
  return CHANNELS.find((c) => c.schemes.includes(scheme));
}
