import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useContent } from '../hooks/useContent';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { COMPACT_HEADER_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { linkClick } from '../components/navigation';
import { buildFooter, type FooterGroup, type FooterLink } from '../state/footerContent';
import './footer.css';

import { isLiveChatLink, openLiveChat } from '../api/liveChat';
import { readServedFooter } from '../api/servedFooter';
import { SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '../state/support';

/** Spec §8 support phone, shown in the footer's bottom line. */
export { SUPPORT_PHONE };

/**
 * The site footer (spec §2 Footer "Link lists: accordion on small screens, columns on large. A
 * Customer Service group plus other groups each with a heading and a vertical list of links"),
 * rendered into the shell's `#slot-mf-footer` (inside its `<footer>` landmark) by the './footer'
 * lifecycles.
 *
 * - Content: `GET {apiBase}/content/footer` ({@link buildFooter}); while loading or when it fails
 *   only the bottom line (support phone, small print) shows.
 * - Up to 1023px (spec §9 breakpoint): a WAI-ARIA accordion — each heading holds a button with
 *   `aria-expanded`/`aria-controls`, its panel a `role="region"` labelled by the button; all start
 *   collapsed; several may be open. From 1024px: columns, every list visible, plain headings.
 * - Following a link publishes `analytics/track { event: 'nav_footer', params: { label, link } }`.
 * - The 'Live Chat' link (`/customer-service/live-chat`) opens the chat embed instead (../api/liveChat:
 *   waits up to 50 × 100 ms for it, else an error toast with the support phone; spec §4 Chat, §9).
 * - Over the links the edge served in the slot (../api/servedFooter): those links until the content
 *   arrives, and the link that had focus keeps it (its accordion group opens up to 1023px).
 * - 'Live Chat' opens the chat from the keyboard too: Enter (the link's click) or Space.
 * Renders under the kit's providers (the content is a kit `useQuery`); the custom props (`bus`,
 * `navigate`, `config.apiBase`) come from there too ({@link useHeaderRemote}).
 */
export function Footer({ domElement }: { domElement?: Element }) {
  const { bus, navigate, apiBase, config } = useHeaderRemote();
  // the chat embed's script, loaded on the first 'Live Chat' (RuntimeConfig.vendors)
  const chatScriptUrl = config?.vendors?.chatScriptUrl;
  const content = useContent(apiBase, 'footer', buildFooter);
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  // read before the first commit clears the slot
  const [served] = useState(() => readServedFooter(domElement));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(
    served?.model.groups.filter((g) => g.links.some((l) => l.link === served.focusedHref)).map((g) => g.id),
  ));
  const prefix = useId().replace(/:/g, '');
  const model = content.status === 'ready' ? content.data : served?.model ?? null;
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const href = served?.focusedHref;
    if (href) [...(root.current?.querySelectorAll('a') ?? [])].find((a) => a.getAttribute('href') === href)?.focus();
  }, [served]);

  const toggle = (id: string) => setOpen((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const track = (l: FooterLink) => bus.emit('analytics/track', { event: 'nav_footer', params: { label: l.label, link: l.link } });

  return (
    <div ref={root} className={`mfh-footer${compact ? ' mfh-footer--accordion' : ' mfh-footer--columns'}`}>
      {model && model.groups.length > 0 && (
        <nav className="mfh-footer__nav" aria-label="Footer">
          {model.groups.map((g) => (
            <Group
              key={g.id}
              group={g}
              compact={compact}
              open={open.has(g.id)}
              onToggle={() => toggle(g.id)}
              idBase={`${prefix}-${g.id}`}
              navigate={navigate}
              onFollow={track}
              onLiveChat={() => void openLiveChat(bus, undefined, chatScriptUrl)}
            />
          ))}
        </nav>
      )}
      <div className="mfh-footer__bottom">
        <p>
          Scene+ support: <a href={SUPPORT_PHONE_TEL}>{SUPPORT_PHONE}</a>
        </p>
        {model?.legal && <p className="mfh-footer__legal">{model.legal}</p>}
      </div>
    </div>
  );
}

interface GroupProps {
  group: FooterGroup;
  compact: boolean;
  open: boolean;
  onToggle: () => void;
  idBase: string;
  navigate?: (url: string) => void;
  onFollow: (l: FooterLink) => void;
  /** Opens the live chat (the 'Live Chat' link). */
  onLiveChat: () => void;
}

function Group({ group, compact, open, onToggle, idBase, navigate, onFollow, onLiveChat }: GroupProps) {
  const list = (
    <ul className="mfh-footer__list">
      {group.links.map((l) => {
        const newTab = l.target === '_blank';
        const follow = linkClick(l.link, l.external || newTab ? undefined : navigate);
        return (
          <li key={`${l.label}|${l.link}`}>
            <a
              className="mfh-footer__link"
              href={l.link}
              target={newTab ? '_blank' : undefined}
              rel={newTab ? 'noopener' : undefined}
              onClick={(e) => {
                onFollow(l);
                if (isLiveChatLink(l.link) && !newTab) {
                  e.preventDefault();
                  onLiveChat();
                  return;
                }
                follow(e);
              }}
              onKeyDown={isLiveChatLink(l.link) && !newTab ? (e: KeyboardEvent) => {
                // Space opens the chat too (it acts as a button); Enter is the link's own click
                if (e.key !== ' ') return;
                e.preventDefault();
                onFollow(l);
                onLiveChat();
              } : undefined}
            >
              {l.label}
              {newTab && <span className="mfh-visually-hidden"> (opens in a new tab)</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );

  if (!compact) {
    return (
      <section className="mfh-footer__group" aria-labelledby={`${idBase}-h`}>
        <h2 className="mfh-footer__heading" id={`${idBase}-h`}>{group.heading}</h2>
        {list}
      </section>
    );
  }
  return (
    <div className="mfh-footer__group">
      <h2 className="mfh-footer__heading">
        <button
          type="button"
          className="mfh-footer__toggle"
          id={`${idBase}-b`}
          aria-expanded={open}
          aria-controls={`${idBase}-p`}
          onClick={onToggle}
        >
          <span>{group.heading}</span>
          <svg className="mfh-footer__chevron" viewBox="0 0 12 12" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      <div className="mfh-footer__panel" id={`${idBase}-p`} role="region" aria-labelledby={`${idBase}-b`} hidden={!open}>
        {list}
      </div>
    </div>
  );
}
