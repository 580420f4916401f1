import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';

interface TopBarState {
  /** Element of the top bar that pages fill with their own controls. */
  slot: HTMLElement | null;
  setTitle(title: string | undefined): void;
}

/** Lets pages put a title and controls into the shell's top bar. */
export const TopBarContext = createContext<TopBarState>({ slot: null, setTitle: () => {} });

/** Renders `children` in the top bar, after the title (filters, time range, actions). */
export function TopBarExtra({ children }: { children: ReactNode }) {
  const { slot } = useContext(TopBarContext);
  return slot ? createPortal(children, slot) : null;
}

/** Replaces the route's title in the top bar while the page is shown (e.g. an incident's title). */
export function usePageTitle(title: string | undefined) {
  const { setTitle } = useContext(TopBarContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [title, setTitle]);
}
