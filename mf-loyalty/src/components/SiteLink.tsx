import type { MouseEvent, ReactNode } from 'react';

/**
 * An in-site link: a real `<a href>` (open in a new tab, copy the address), and a plain left click goes
 * through `navigate` (the shell's single-spa `navigateToUrl`) when given, so the page is not reloaded.
 */
export function SiteLink({ href, navigate, className, children }: { href: string; navigate?: (url: string) => void; className?: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} className={className} onClick={onClick}>{children}</a>;
}
