/**
 * The page intro of @storefront/remote-kit/page-intro: the markup the edge serves for
 * a remote page's first view (shell/test/startup-hints.test.ts checks the edge writes the same), with a
 * record's picture, and what a page adds under the lead once its data is in.
 */
import { render, screen } from '@testing-library/react';
import { PageIntro, fillFirstView, firstViewFor } from './page-intro';

describe('PageIntro', () => {
  it('is a header with the h1 (focusable by script) and the lead, texts as text', () => {
    const { container } = render(<PageIntro heading="Offers <b>" lead="This week & more" />);
    const header = container.firstElementChild!;
    expect(header.outerHTML).toBe('<header class="sf-intro"><h1 class="sf-intro__heading" tabindex="-1">Offers &lt;b&gt;</h1><p class="sf-intro__lead">This week &amp; more</p></header>');
  });

  it('with a picture: a decorative, high-priority image of 240 px first', () => {
    render(<PageIntro heading="Salted Butter" lead="454 g" picture="/media/butter.svg" />);
    const header = document.querySelector('header')!;
    expect(header).toHaveClass('sf-intro', 'sf-intro--picture');
    const img = header.querySelector('img')!;
    expect(img).toBe(header.firstElementChild);
    expect(img).toHaveAttribute('src', '/media/butter.svg');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '240');
  });

  it("puts what the page adds after the lead, in .sf-intro__more, and nothing when there is none", () => {
    const { container, rerender } = render(<PageIntro heading="Salted Butter" lead="454 g" picture="/media/butter.svg"><button type="button">Add to list</button></PageIntro>);
    const more = container.querySelector('.sf-intro__more')!;
    expect(more.previousElementSibling).toHaveClass('sf-intro__lead');
    expect(more).toContainElement(screen.getByRole('button', { name: 'Add to list' }));
    rerender(<PageIntro heading="Salted Butter" lead="454 g" />);
    expect(container.querySelector('.sf-intro__more')).toBeNull();
  });
});

describe('first-view.json helpers', () => {
  it('fills {field} from a record as the edge does: text and numbers, nothing else', () => {
    expect(fillFirstView('{size} · {brand}', { size: '454 g', brand: 'Harbour Pantry' })).toBe('454 g · Harbour Pantry');
    expect(fillFirstView('{title} ({price})', { title: 'Butter', price: 739 })).toBe('Butter (739)');
    expect(fillFirstView('{missing}{nested}', { nested: { a: 1 } })).toBe('');
  });

  it('names the route a first-view.json lacks', () => {
    expect(() => firstViewFor({}, '/flyer')).toThrow("first-view.json has no entry for the route '/flyer'");
    expect(firstViewFor({ '/flyer': { heading: 'Weekly flyer', lead: 'Deals' } }, '/flyer').heading).toBe('Weekly flyer');
  });
});
