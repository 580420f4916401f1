import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

/** Look of a confirmation: red for deleting, green for approving. */
export type ConfirmStyle = 'delete' | 'approve';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Label of the confirming button; 'Delete' or 'Approve' by default. */
  confirmLabel?: string;
  style?: ConfirmStyle;
  /** While true the buttons are disabled and the confirm button says it is working. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone (delete) or that lets something run (approve). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  style = 'delete',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const label = confirmLabel ?? (style === 'delete' ? 'Delete' : 'Approve');
  const Icon = style === 'delete' ? TriangleAlert : CircleCheck;
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button variant={style === 'delete' ? 'danger' : 'success'} onClick={onConfirm} disabled={busy}>
            {busy ? `${label}…` : label}
          </Button>
        </>
      }
    >
      <div className="flex gap-3">
        <span
          aria-hidden
          className={
            style === 'delete'
              ? 'flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600'
              : 'flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600'
          }
        >
          <Icon className="h-5 w-5" />
        </span>
        <div className="pt-1.5 text-sm text-zinc-600">{description}</div>
      </div>
    </Modal>
  );
}
