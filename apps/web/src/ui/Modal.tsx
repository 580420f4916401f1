import { Maximize2, Minimize2, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './Button.js';
import { cx } from './cx.js';
import { useFocusTrap } from './useFocusTrap.js';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<ModalSize, string> = {
  sm: 'max-w-md',
  md: 'max-w-2xl',
  lg: 'max-w-4xl',
  xl: 'max-w-6xl',
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Offer a button that grows the modal to the full window. */
  expandable?: boolean;
  /** Start at full size. */
  defaultExpanded?: boolean;
}

/** A dialog over the page: Escape or the close button closes it, focus stays inside while open. */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  expandable = false,
  defaultExpanded = false,
}: ModalProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div aria-hidden className="absolute inset-0 bg-zinc-900/40 backdrop-blur-[1px]" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(
          'relative flex flex-col overflow-hidden rounded-lg bg-white shadow-xl ring-1 ring-zinc-900/10',
          expanded ? 'h-full w-full max-w-none' : cx('max-h-[90vh] w-full', SIZES[size]),
        )}
      >
        <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2.5">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {expandable && (
            <IconButton label={expanded ? 'Restore size' : 'Expand'} onClick={() => setExpanded((v) => !v)}>
              {expanded ? <Minimize2 className="h-4 w-4" /> : <Maximize2 className="h-4 w-4" />}
            </IconButton>
          )}
          <IconButton label="Close" onClick={onClose}>
            <X className="h-4 w-4" />
          </IconButton>
        </div>
        <div className="min-h-0 flex-1 overflow-auto px-4 py-4">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-zinc-200 bg-zinc-50 px-4 py-3">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
