import { useCallback, useRef, useState } from 'react';

/**
 * The content width of an element, kept current as it resizes (0 until measured). Returns a
 * callback ref, so a different element taking its place (loading state, then content) is measured.
 */
export function useElementWidth(): [(el: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
