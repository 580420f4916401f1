/** Direct mode: the provider did not hand back a token (refused consent, expired code...). */
export function SignInFailed({ message }: { message: string }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-lg font-semibold text-zinc-900">Sign-in did not complete</h1>
      <p role="alert" className="max-w-md text-sm text-zinc-600">
        {message}
      </p>
      <a href="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Sign in again
      </a>
    </main>
  );
}
