import { cx } from '../cx.js';
import { GLYPHS } from './glyphs.js';
import { typeIconName } from './typeIcon.js';

/**
 * The icon of a type (a config item's, a check's, a component's), coloured by its family. It is
 * decoration: hidden from screen readers, so the type must be written next to it (or in the name).
 */
export function TypeIcon({
  type,
  icon,
  className,
}: {
  type: string | null | undefined;
  /** An icon name of the thing's own (a check's or component's `icon`); wins when it names a known icon. */
  icon?: string | null | undefined;
  /** Size and spacing; the colour comes from the icon's family. */
  className?: string;
}) {
  const name = typeIconName(type, icon);
  const { glyph: Glyph, tone } = GLYPHS[name];
  return <Glyph aria-hidden="true" data-icon={name} className={cx('shrink-0', className ?? 'h-4 w-4', tone)} />;
}
