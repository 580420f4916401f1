import type { AppContext } from '../context.js';
import { type HubOptions, LiveHub } from './hub.js';

const hubs = new WeakMap<AppContext, LiveHub>();

/** The live hub of an app (its streams); made on first use, gone with the app. */
export function liveHub(ctx: AppContext, options?: Partial<HubOptions>): LiveHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new LiveHub(options);
    hubs.set(ctx, hub);
  }
  return hub;
}
