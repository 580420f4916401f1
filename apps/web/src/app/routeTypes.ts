import type { Action, Resource } from '@opsdeck/schema/rbac';
import type { LucideIcon } from 'lucide-react';
import { type ComponentType, createElement } from 'react';

/** Where an entry shows up in the menus. */
export interface NavPlacement {
  section: 'main' | 'settings';
  label: string;
  icon?: LucideIcon;
}

/**
 * One screen of the app. This list is the only place a path is written: the router, the sidebar
 * and the settings menu are all derived from it (CONVENTIONS: one typed config array).
 */
export interface RouteEntry {
  /** Absolute path pattern, e.g. `/incidents/:id`. */
  path: string;
  /** Title in the top bar and the browser tab. */
  title: string;
  page: ComponentType;
  /** RBAC resource a person needs `action` on to open the screen. */
  resource: Resource;
  /** Defaults to `read`. */
  action?: Action;
  /** Feature key: `{feature}.disable = 'true'` hides it; dotted keys inherit their parent's flag. */
  feature: string;
  /** Other features that hide it too (Log Backends go with `logs`). */
  alsoHiddenBy?: readonly string[];
  /** `bare` renders without the sidebar and top bar (embeddable views). */
  layout?: 'shell' | 'bare';
  nav?: NavPlacement;
}

/** A page component with fixed props (one page component serving several entries). */
export function withProps<P extends object>(Component: ComponentType<P>, props: P): ComponentType {
  return () => createElement(Component, props);
}
