import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Modal } from './Modal.js';

afterEach(cleanup);

describe('Modal', () => {
  it('expands to full size and back', () => {
    render(
      <Modal open onClose={() => {}} title="Check detail" expandable>
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Check detail' });
    expect(dialog.className).not.toContain('h-full');
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(dialog.className).toContain('h-full');
    fireEvent.click(screen.getByRole('button', { name: 'Restore size' }));
    expect(dialog.className).not.toContain('h-full');
  });

  it('closes on Escape and on the close button, and renders nothing when closed', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="Spec">
        <input aria-label="Name" />
      </Modal>,
    );
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(
      <Modal open={false} onClose={onClose} title="Spec">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks before deleting, with Cancel focused first', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete incident"
        description="This cannot be undone."
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del.className).toContain('bg-red-600');
    fireEvent.click(del);
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('approves in green, and is not clickable while busy', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        style="approve"
        busy
        title="Approve run"
        description="Run it?"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const approve = screen.getByRole('button', { name: 'Approve…' }) as HTMLButtonElement;
    expect(approve.className).toContain('bg-emerald-600');
    expect(approve.disabled).toBe(true);
  });
});
