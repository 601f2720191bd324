import type { ReactNode } from 'react';
import './blocks.css';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** e.g. 'Your list is empty'. */
  title: ReactNode;
  /** One line of help under the title. */
  text?: ReactNode;
  /** What to do next: a link or a button (e.g. 'Browse products'). */
  action?: ReactNode;
  /** A picture above the title: a URL (decorative image, `alt=""`) or your own element. */
  picture?: string | ReactNode;
  /** Level of the title's heading. Default 2. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * "Nothing here yet": an optional picture, a heading, a line of text and an optional action.
 * @example <EmptyState title="Your list is empty" text="Add products while you browse." action={<a href="/products">Browse products</a>} />
 */
export function EmptyState({ title, text, action, picture, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={['kit-empty', className].filter(Boolean).join(' ')}>
      {typeof picture === 'string'
        ? <img className="kit-empty__picture" src={picture} alt="" width="160" height="160" loading="lazy" />
        : picture}
      <Heading className="kit-empty__title">{title}</Heading>
      {text && <p className="kit-empty__text">{text}</p>}
      {action}
    </div>
  );
}
