import { type ReactNode, useEffect } from 'react';
import { cx } from '../../ui/cx.js';
import { Logo } from '../../ui/Logo.js';

/** The centered card of the sign-in and utility pages, outside the sidebar layout. */
export function AuthLayout({
  title,
  heading,
  subheading,
  footer,
  wide = false,
  children,
}: {
  title: string;
  heading: string;
  subheading?: ReactNode;
  /** Links under the card (Reset password, Create account, Go back). */
  footer?: ReactNode;
  /** A wider column for pages with several sections (profile settings). */
  wide?: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} | OpsDeck`;
  }, [title]);
  return (
    <main className="flex min-h-full items-start justify-center bg-zinc-100 px-4 py-12 sm:items-center">
      <div className={cx('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">
          <h1 className="text-center text-xl font-semibold text-zinc-900">{heading}</h1>
          {subheading && <p className="mt-1.5 text-center text-sm text-zinc-500">{subheading}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">{footer}</div>}
      </div>
    </main>
  );
}

/** Link style of the auth pages. */
export const authLinkClass = 'font-medium text-indigo-600 hover:text-indigo-500';
