const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** `1536` -> `1.5KiB`, as Mission Control's HumanSize prints sizes. */
export function humanSize(bytes: number): string {
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < SIZE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number(v.toFixed(1))}${SIZE_UNITS[i]}`;
}
