import { useId, type ReactNode } from 'react';
import { LoadError } from '@storefront/remote-kit/blocks';
import { RecordIntroWhileLoading } from './RecordIntro';

/** The look of a record page: its block class ('mfs-product', 'mfs-recipes'; `__title`, `__status` inside). */
interface RecordPageLook {
  block: string;
}

/**
 * A record page (a product, a recipe: spec §2 `/{type}/{pageSlug}`) whose lookup failed: the page's
 * heading `title` and the kit's `LoadError` (`role="alert"`, `message`, 'Try again' calls `onRetry`).
 */
export function RecordPageError({ block, title, message, errorClassName, onRetry }: RecordPageLook & {
  title: string; message: string; errorClassName: string; onRetry: () => void;
}) {
  const id = useId();
  return (
    <section className={block} aria-labelledby={id}>
      <h1 id={id} className={`${block}__title`}>{title}</h1>
      <LoadError message={message} onRetry={onRetry} className={errorClassName} buttonClassName="mfs-button" />
    </section>
  );
}

/**
 * A record page while its record loads: the intro the edge served, else bones of its size
 * (`RecordIntroWhileLoading`), then a busy section (`className`, default the block) with the status
 * `label` and the page's decorative skeleton (`children`) keeping the page's height.
 */
export function RecordPageLoading({ block, className = block, label, children }: RecordPageLook & {
  className?: string; label: string; children: ReactNode;
}) {
  return (
    <>
      <RecordIntroWhileLoading />
      <section className={className} aria-busy="true">
        <p role="status" className={`${block}__status`}>{label}</p>
        {children}
      </section>
    </>
  );
}
