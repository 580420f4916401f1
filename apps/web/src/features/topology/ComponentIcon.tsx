import { TypeIcon } from '../../ui/icons/TypeIcon.js';

/** A component's icon: its own icon name, else its type's, else a box (ui/icons). */
export function ComponentIcon({
  icon,
  type,
  className,
}: {
  icon: string | null;
  type: string | null;
  /** Size and spacing; the colour comes from the icon's family. */
  className?: string;
}) {
  return <TypeIcon type={type} icon={icon} className={className ?? 'h-5 w-5'} />;
}
