import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from './cx.js';

export type ToastKind = 'success' | 'error' | 'info';

/** Where a toast shows: bottom right by default, top right for the few that point at the top of the page. */
export type ToastPlacement = 'bottom-right' | 'top-right';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  link?: ToastLink;
  placement: ToastPlacement;
}

/** A link shown after a toast's message, e.g. to the incident something was linked to. */
export interface ToastLink {
  href: string;
  label: string;
}

/** How long a toast stays. */
export const TOAST_DURATION_MS = 5000;

export interface ToastApi {
  show(kind: ToastKind, message: string, link?: ToastLink, placement?: ToastPlacement): void;
  success(message: string, link?: ToastLink, placement?: ToastPlacement): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Shows short messages for 5 s: at the bottom right ('Incident deleted successfully', mutation
 * errors), or top right for those placed there ('Linked to incident successfully').
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const show = (kind: ToastKind, message: string, link?: ToastLink, placement: ToastPlacement = 'bottom-right') =>
      setToasts((list) => [...list.slice(-4), { id: nextId.current++, kind, message, link, placement }]);
    return {
      show,
      success: (m, link, placement) => show('success', m, link, placement),
      error: (m) => show('error', m),
      info: (m) => show('info', m),
    };
  }, []);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section aria-label="Messages">
        {PLACEMENTS.map(([placement, at]) => (
          <div
            key={placement}
            data-placement={placement}
            className={cx(
              'pointer-events-none fixed right-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2',
              at,
            )}
          >
            {toasts
              .filter((t) => t.placement === placement)
              .map((t) => (
                <ToastView key={t.id} toast={t} onDismiss={dismiss} />
              ))}
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

const PLACEMENTS: ReadonlyArray<[ToastPlacement, string]> = [
  ['top-right', 'top-4'],
  ['bottom-right', 'bottom-4'],
];

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info };
const COLORS = { success: 'text-emerald-600', error: 'text-red-600', info: 'text-indigo-600' };

function ToastView({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  const Icon = ICONS[toast.kind];
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex items-start gap-2.5 rounded-lg bg-white px-3 py-2.5 text-sm shadow-lg ring-1 ring-zinc-900/10 [animation:toast-in_150ms_ease-out]"
    >
      <Icon aria-hidden className={cx('mt-0.5 h-4 w-4 shrink-0', COLORS[toast.kind])} />
      <p className="min-w-0 flex-1 break-words text-zinc-800">
        {toast.message}
        {toast.link && (
          <>
            {' '}
            <a href={toast.link.href} className="font-medium text-indigo-600 hover:underline">
              {toast.link.label}
            </a>
          </>
        )}
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
        className="rounded text-zinc-400 hover:text-zinc-700"
      >
        <X className="h-4 w-4" />
      </button>
    </div>
  );
}

/** The toast API; throws outside ToastProvider so a missing provider is found at once. */
export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts must be used inside <ToastProvider>');
  return api;
}
