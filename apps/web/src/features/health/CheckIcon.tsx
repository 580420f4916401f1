import { TypeIcon } from '../../ui/icons/TypeIcon.js';

/** A check's icon: its own icon name when it names a known icon, else its type's (ui/icons). */
export function CheckIcon({ type, icon }: { type: string; icon?: string | undefined }) {
  return <TypeIcon type={type} icon={icon} />;
}
