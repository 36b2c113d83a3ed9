import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Last line of defence: a render error must not leave a customer in front of a blank screen.
 * It shows what broke (for staff to quote) and restarts the UI after a pause.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('renderer crashed', error, info.componentStack);
    setTimeout(() => window.location.reload(), 15_000);
  }

  override render() {
    if (this.state.error) {
      return (
        <main className="screen center" data-screen="crash">
          <h1>⚠</h1>
          <p className="note note-bad">{this.state.error.message}</p>
          <button type="button" className="btn btn-primary btn-large" onClick={() => window.location.reload()}>
            ↻
          </button>
        </main>
      );
    }
    return this.props.children;
  }
}
