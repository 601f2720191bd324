import { act, render, screen } from '@testing-library/react';
import { getLocationSnapshot, navigate, useLocation, type LocationSnapshot } from './location';
import { useNavigate } from './providers';
import { renderWithKit } from './testing';

const seen: LocationSnapshot[] = [];
function Where() {
  const loc = useLocation();
  seen.push(loc);
  return <p data-testid="where">{`${loc.pathname}|${loc.search}|${loc.hash}|${loc.searchParams.get('query') ?? ''}`}</p>;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  seen.length = 0;
});

describe('useLocation', () => {
  it('reads pathname, search, hash and searchParams', () => {
    window.history.replaceState(null, '', '/stores/x?query=milk&tab=product#top');
    render(<Where />);
    expect(screen.getByTestId('where')).toHaveTextContent('/stores/x|?query=milk&tab=product|#top|milk');
  });

  it.each([
    ['pushState + popstate (browser back/forward, standalone navigation)', '/?query=eggs', () => new PopStateEvent('popstate'), '/|?query=eggs||eggs'],
    ["single-spa's routing event", '/store-locator', () => new CustomEvent('single-spa:routing-event'), '/store-locator|||'],
  ])('follows %s', (_name, url, event, shown) => {
    render(<Where />);
    act(() => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(event());
    });
    expect(screen.getByTestId('where')).toHaveTextContent(shown);
  });

  it('gives one stable snapshot object per URL', () => {
    window.history.replaceState(null, '', '/a?x=1');
    const first = getLocationSnapshot();
    expect(getLocationSnapshot()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    window.history.replaceState(null, '', '/a?x=2');
    expect(getLocationSnapshot()).not.toBe(first);
    const { rerender } = render(<Where />);
    rerender(<Where />);
    expect(seen[0]).toBe(seen[1]);
  });
});

describe('navigate', () => {
  it('pushes a history entry and tells every reader (popstate)', () => {
    const onPop = jest.fn();
    window.addEventListener('popstate', onPop);
    render(<Where />);
    const before = window.history.length;
    act(() => navigate('/scene?x=1'));
    expect(window.location.pathname).toBe('/scene');
    expect(window.history.length).toBe(before + 1);
    expect(onPop).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/scene|?x=1||');
    window.removeEventListener('popstate', onPop);
  });

  it('replaces the entry with { replace: true }', () => {
    render(<Where />);
    const before = window.history.length;
    act(() => navigate('/?query=milk&tab=recipe', { replace: true }));
    expect(window.history.length).toBe(before);
    expect(screen.getByTestId('where')).toHaveTextContent('/|?query=milk&tab=recipe||milk');
  });

  it('fires no second popstate when the history is patched to fire one (single-spa)', () => {
    const original = window.history.pushState;
    const patched = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    window.history.pushState = patched;
    const onPop = jest.fn();
    window.addEventListener('popstate', onPop);
    try {
      navigate('/offers');
      expect(onPop).toHaveBeenCalledTimes(1);
    } finally {
      window.history.pushState = original;
      window.removeEventListener('popstate', onPop);
    }
  });
});

describe('useNavigate', () => {
  function Go({ to, replace }: { to: string; replace?: boolean }) {
    const go = useNavigate();
    return <button type="button" onClick={() => go(to, { replace })}>go</button>;
  }

  it("uses RemoteProps.navigate (the shell's) when there is one", () => {
    const { remoteProps } = renderWithKit(<Go to="/flyer" />);
    act(() => screen.getByRole('button').click());
    expect(remoteProps.navigate).toHaveBeenCalledWith('/flyer');
    expect(window.location.pathname).toBe('/');
  });

  it("falls back to the kit's navigate without one, and always for replace", () => {
    render(<Go to="/flyer" />);
    act(() => screen.getByRole('button').click());
    expect(window.location.pathname).toBe('/flyer');
    const { remoteProps, getAllByRole } = renderWithKit(<Go to="/offers" replace />);
    act(() => getAllByRole('button')[1].click());
    expect(remoteProps.navigate).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/offers');
  });
});
