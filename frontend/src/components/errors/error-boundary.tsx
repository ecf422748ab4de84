/** A small error boundary: renders `fallback` with the error and a reset, and reports through `onError`. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface FallbackProps {
  error: unknown;
  reset: () => void;
}

interface Props {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface State {
  failed: boolean;
  error: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ failed: false, error: undefined });

  override render() {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}

/** A short, loggable description of a thrown value (never shown to the user). */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'NonError', message: String(error) };
}
