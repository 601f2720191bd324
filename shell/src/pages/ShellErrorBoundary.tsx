import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportShellError, SHELL_ERRORS } from '../errors';

/** Props of {@link ShellErrorBoundary}. */
export interface ShellErrorBoundaryProps {
  /** Page name used in the report (e.g. 'home'). */
  page: string;
  children: ReactNode;
}

/**
 * The React error boundary around each shell page (ARCHITECTURE §2, third layer of the MF
 * error-load-remote guide): a page that throws shows a short message with a link home and is reported
 * as SHELL-006; the header band and remote slots are outside it and keep working.
 * Give it a `key` that changes with the route so a new page gets a fresh boundary.
 */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, _info: ErrorInfo): void {
    reportShellError(SHELL_ERRORS.SHELL_PAGE_CRASHED, `Shell page '${this.props.page}' failed to render.`, { remote: `shell:${this.props.page}`, error });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="shell-page shell-page--error" role="alert" aria-labelledby="shell-error-heading">
        <h1 id="shell-error-heading" className="shell-page__title">Something went wrong</h1>
        <p>This page could not be shown. Please try again in a moment.</p>
        <p><a className="shell-link" href="/">Go to the home page</a></p>
      </section>
    );
  }
}
