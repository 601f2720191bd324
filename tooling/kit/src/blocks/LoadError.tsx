import type { ReactNode } from 'react';
import './blocks.css';

/** Props of {@link LoadError}. */
export interface LoadErrorProps {
  /** What failed, in the shopper's words (e.g. the spec §8 exception text). */
  message: ReactNode;
  /** Retries the load (e.g. a query's `refetch`); without it no button is shown. */
  onRetry?: () => void;
  /** Default `'Try again'`. */
  retryLabel?: string;
  className?: string;
  /** Class names of the retry button (the remote's button look). */
  buttonClassName?: string;
  /** More content after the button (e.g. a link home). */
  children?: ReactNode;
}

/**
 * A failed load: `role="alert"` with the message and a 'Try again' button.
 * @example {query.isError && <LoadError message={EXCEPTION_MESSAGE} onRetry={() => void query.refetch()} />}
 */
export function LoadError({ message, onRetry, retryLabel = 'Try again', className, buttonClassName, children }: LoadErrorProps) {
  return (
    <div role="alert" className={['kit-load-error', className].filter(Boolean).join(' ')}>
      <p className="kit-load-error__message">{message}</p>
      {onRetry && <button type="button" className={buttonClassName} onClick={() => onRetry()}>{retryLabel}</button>}
      {children}
    </div>
  );
}
