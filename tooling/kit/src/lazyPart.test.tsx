import { useState, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyPart, PartBoundary } from './lazyPart';
import { RemoteContext } from './providers';

/** A load the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

function Hello({ name }: { name: string }) {
  return <button type="button">Hello {name}</button>;
}

/** Shows the part while `open`, like the header's panels; a button toggles it (and warms it, as they do). */
function Owner({ Part, preload }: { Part: ComponentType<{ name: string }>; preload?: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <RemoteContext.Provider value={{ remote: 'mf-header' }}>
      <button type="button" onClick={() => { preload?.().catch(() => {}); setOpen((o) => !o); }}>toggle</button>
      {open && <PartBoundary label="test part"><Part name="Nora" /></PartBoundary>}
    </RemoteContext.Provider>
  );
}

describe('lazyPart: parts shown after an interaction load on demand', () => {
  it('shows a role="status" Loading… until the chunk is here, then the part', async () => {
    const load = deferred<ComponentType<{ name: string }>>();
    const { Part } = lazyPart(() => load.promise);
    render(<Owner Part={Part} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => { load.resolve(Hello); });
    expect(await screen.findByRole('button', { name: 'Hello Nora' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads once, however often preload is called, and renders at once (no Loading…) when preloaded', async () => {
    const loader = jest.fn(() => Promise.resolve(Hello));
    const { Part, preload } = lazyPart(loader);
    await act(async () => { await Promise.all([preload(), preload(), preload()]); });
    expect(loader).toHaveBeenCalledTimes(1);
    render(<Owner Part={Part} />);
    // Synchronously: no Suspense round, so a keyboard user's next Tab lands inside the part.
    expect(screen.getByRole('button', { name: 'Hello Nora' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a failed load shows a role="alert" message and logs the kit policy message, without asking again by itself; opening again retries', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    const { Part, preload } = lazyPart(() => (attempt++ === 0 ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(Hello)));
    render(<Owner Part={Part} preload={preload} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(errors).toHaveBeenCalledWith('[mf-header] test part failed', expect.any(Error));
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(attempt).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'toggle' })); // close
    fireEvent.click(screen.getByRole('button', { name: 'toggle' })); // open again
    expect(await screen.findByRole('button', { name: 'Hello Nora' })).toBeInTheDocument();
    expect(attempt).toBe(2);
    errors.mockRestore();
  });
});
