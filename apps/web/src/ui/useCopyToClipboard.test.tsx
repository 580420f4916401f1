import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './Toasts.js';
import { useCopyToClipboard } from './useCopyToClipboard.js';

function CopyButton({ text, message }: { text: string; message?: string }) {
  const copy = useCopyToClipboard();
  return (
    <button type="button" onClick={() => copy(text, message)}>
      copy
    </button>
  );
}

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

const mount = (message?: string) =>
  render(
    <ToastProvider>
      <CopyButton text="kubectl get pods" message={message} />
    </ToastProvider>,
  );

afterEach(() => {
  cleanup();
  setClipboard(undefined);
});

describe('useCopyToClipboard', () => {
  it('copies and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'copy' }));
    expect((await screen.findByRole('status')).textContent).toContain('Copied to clipboard');
    expect(writeText).toHaveBeenCalledWith('kubectl get pods');
  });

  it('uses a custom success message', async () => {
    setClipboard({ writeText: vi.fn().mockResolvedValue(undefined) });
    mount('Token copied');
    fireEvent.click(screen.getByRole('button', { name: 'copy' }));
    expect((await screen.findByRole('status')).textContent).toContain('Token copied');
  });

  it('says when there is no clipboard, or copying fails', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Clipboard not available');
    cleanup();
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to copy to clipboard');
  });
});
