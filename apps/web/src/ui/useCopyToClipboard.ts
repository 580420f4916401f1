import { useCallback } from 'react';
import { useToasts } from './Toasts.js';

/** The toasts a copy shows. */
export const CLIPBOARD_MESSAGES = {
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
  copied: 'Copied to clipboard',
} as const;

/**
 * Copies text and says how it went in a toast: 'Copied to clipboard' (or `successMessage`),
 * 'Clipboard not available' without a clipboard (plain http), 'Failed to copy to clipboard'.
 * Resolves to whether the text was copied.
 */
export function useCopyToClipboard(): (text: string, successMessage?: string) => Promise<boolean> {
  const toasts = useToasts();
  return useCallback(
    async (text, successMessage = CLIPBOARD_MESSAGES.copied) => {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard?.writeText) {
        toasts.error(CLIPBOARD_MESSAGES.unavailable);
        return false;
      }
      try {
        await clipboard.writeText(text);
        toasts.success(successMessage);
        return true;
      } catch {
        toasts.error(CLIPBOARD_MESSAGES.failed);
        return false;
      }
    },
    [toasts],
  );
}
