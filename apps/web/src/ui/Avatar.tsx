import { useState } from 'react';
import { initials } from '../utils/initials.js';
import { cx } from './cx.js';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg';

const SIZES: Record<AvatarSize, string> = {
  xs: 'h-5 w-5 text-[9px]',
  sm: 'h-6 w-6 text-[10px]',
  md: 'h-8 w-8 text-xs',
  lg: 'h-12 w-12 text-base',
};

export interface AvatarUser {
  name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

/** A person's picture, or their initials (at most 2, else '?') when there is none or it fails to load. */
export function Avatar({
  user,
  size = 'md',
  className,
}: {
  user?: AvatarUser | null;
  size?: AvatarSize;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | undefined>();
  const label = user?.name || user?.email || 'Unknown user';
  const src = user?.avatar || undefined;
  const base = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    SIZES[size],
    className,
  );
  if (src && failed !== src) {
    return (
      <img src={src} alt={label} title={label} className={cx(base, 'object-cover')} onError={() => setFailed(src)} />
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cx(base, 'bg-indigo-100 font-semibold text-indigo-700')}
    >
      {initials(user?.name, user?.email)}
    </span>
  );
}
