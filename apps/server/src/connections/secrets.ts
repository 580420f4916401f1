import type { Config } from '../config.js';
import { openSecretBox, type SecretBox } from '../crypto/secretBox.js';

const boxes = new WeakMap<Config, SecretBox>();

/** The installation's secret box for connection passwords and certificates (one per config). */
export function connectionSecretBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    // OPSDECK_SECRET_KEY is parsed by the identity settings; fall back to the raw env when absent
    const fromConfig = (config as { identity?: { secretKey?: string } }).identity?.secretKey;
    box = openSecretBox({ secretKey: fromConfig ?? process.env.OPSDECK_SECRET_KEY, dataDir: config.dataDir });
    boxes.set(config, box);
  }
  return box;
}
