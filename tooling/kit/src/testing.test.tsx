import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from './query';
import { useRemote } from './providers';
import { createTestQueryClient, renderWithKit } from './testing';

describe('renderWithKit and server state', () => {
  it('renders under the kit providers with a test bus, and useQuery answers', async () => {
    function Points() {
      const { bus } = useRemote();
      const q = useQuery({ queryKey: ['points'], queryFn: async () => 1250 });
      return <p>{q.isPending ? 'loading' : `${q.data} PTS`} {bus === undefined ? '' : 'bus'}</p>;
    }
    const { kit } = renderWithKit(<Points />);
    expect(await screen.findByText('1250 PTS bus')).toBeInTheDocument();
    expect(kit.bus).toBeDefined();
  });

  it('keeps the previous answer while a new key loads (keepPreviousData), and a failed query is not retried in tests', async () => {
    let release!: () => void;
    function Search() {
      const [q, setQ] = useState('milk');
      const r = useQuery({
        queryKey: ['search', q],
        queryFn: () => (q === 'milk' ? Promise.resolve(['2% milk']) : new Promise<string[]>((res) => { release = () => res(['eggs']); })),
        placeholderData: keepPreviousData,
      });
      return (
        <>
          <button type="button" onClick={() => setQ('eggs')}>eggs</button>
          <p>{r.data?.join(',') ?? '-'} {r.isPlaceholderData ? '(old)' : ''}</p>
        </>
      );
    }
    renderWithKit(<Search />);
    expect(await screen.findByText('2% milk')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('2% milk (old)')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('eggs')).toBeInTheDocument();
  });

  it('mutations report errors (no retry in tests)', async () => {
    const fn = jest.fn().mockRejectedValue(new Error('nope'));
    function Link() {
      const m = useMutation({ mutationFn: fn });
      return <button type="button" onClick={() => m.mutate()}>{m.isError ? 'failed' : 'link'}</button>;
    }
    renderWithKit(<Link />, { queryClient: createTestQueryClient() });
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByRole('button', { name: 'failed' })).toBeInTheDocument();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
