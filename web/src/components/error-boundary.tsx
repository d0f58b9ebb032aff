import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** The boundary starts over when this changes (the page's path). */
  resetKey: string;
  fallback(error: unknown, reset: () => void): ReactNode;
};

type State = { error: unknown; failed: boolean; resetKey: string };

/** Catches what a page throws while rendering and shows the fallback instead of a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Moving to another page leaves the broken one behind.
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, error: null, failed: false };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', { path: this.props.resetKey, error, info });
  }

  reset = () => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    return this.state.failed
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children;
  }
}
