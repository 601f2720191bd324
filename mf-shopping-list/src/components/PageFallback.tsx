/**
 * Quiet fallback of a page expose that throws: a title, a short message and one way on. Styled
 * inline: the page's CSS chunk may be what failed.
 */
export function PageFallback({ title, message, href, linkText }: { title: string; message: string; href: string; linkText: string }) {
  return (
    <section className="mfsl-page-fallback" style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{title}</h1>
      <p>{message} <a href={href} style={{ color: '#14612d' }}>{linkText}</a></p>
    </section>
  );
}
