import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button.js';

/** The page shown when rendering fails (uncaught rendering errors). */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const detail = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div role="alert" className="flex h-full min-h-64 flex-col items-center justify-center gap-3 p-8 text-center">
      <TriangleAlert aria-hidden className="h-10 w-10 text-amber-500" />
      <h1 className="text-lg font-semibold text-zinc-900">Sorry.. there was an error</h1>
      {detail && (
        <pre className="max-w-2xl overflow-auto rounded-md bg-zinc-100 px-3 py-2 text-left font-mono text-xs whitespace-pre-wrap text-zinc-700">
          {detail}
        </pre>
      )}
      <div className="flex gap-2">
        {onRetry && (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** When this value changes the boundary resets (e.g. the location, so navigating away recovers). */
  resetKey?: unknown;
}

/** Catches rendering errors below it and shows 'Sorry.. there was an error' instead of a blank page. */
export class ErrorBoundary extends Component<Props, { error: unknown; key: unknown }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: unknown }) {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== undefined) {
      return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: undefined })} />;
    }
    return this.props.children;
  }
}
