import { Component, type ReactNode } from 'react';

/** A failure while drawing part of the page shows a message and a retry there, never a blank window. */
export class ErrorBoundary extends Component<{ children: ReactNode; label: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`${this.props.label} failed:`, error);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="state-line" role="alert">
          <p>
            Something went wrong in {this.props.label}: {this.state.error.message}
          </p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
