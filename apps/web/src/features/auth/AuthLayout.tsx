import { type ReactNode, useEffect } from 'react';
import { Logo } from '../../ui/Logo.js';

/** The centered card of the sign-in and utility pages, outside the sidebar layout. */
export function AuthLayout({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | OpsDeck`;
  }, [title]);
  return (
    <main className="flex min-h-full items-center justify-center bg-zinc-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">
          <h1 className="mb-4 text-center text-xl font-semibold text-zinc-900">{heading}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
