/** Which steps are shown (spec §4 Guided tours, §9). */
import type { GuideStep } from '../state/guides';
import { findVisibleSteps } from './targets';

describe('findVisibleSteps (spec §4: visible targets only, 10 tries every 500 ms, mobile-hidden skipped under 1024 px)', () => {
  const steps: GuideStep[] = [
    { target: '#a', content: 'A' },
    { target: '#nav', content: 'Nav', hideOnMobile: true },
    { target: '#late', content: 'Late' },
    { target: '#never', content: 'Never' },
  ];
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps visible targets in order, waits for a late one, gives up on a missing one after the 10th try (4.5 s)', async () => {
    const shown = new Set(['#a', '#nav']);
    const query = jest.fn((s: string) => ({ s }) as unknown as Element);
    const visible = (el: Element | null) => shown.has((el as unknown as { s: string }).s);
    let result: GuideStep[] | null = null;
    void findVisibleSteps(steps, { width: 1280, query, visible }).then((r) => (result = r));
    await jest.advanceTimersByTimeAsync(1000);
    shown.add('#late');
    await jest.advanceTimersByTimeAsync(3000);
    expect(result).toBeNull();
    await jest.advanceTimersByTimeAsync(500);
    expect(result!.map((s) => s.target)).toEqual(['#a', '#nav', '#late']);
    expect(query.mock.calls.filter(([s]) => s === '#never')).toHaveLength(10);
  });

  it('at 390 px the mobile-hidden step is skipped without looking for it; all found → answers at once', async () => {
    const query = jest.fn((s: string) => ({ s }) as unknown as Element);
    const r = await findVisibleSteps(steps.slice(0, 3), { width: 390, query, visible: () => true });
    expect(r.map((s) => s.target)).toEqual(['#a', '#late']);
    expect(query).not.toHaveBeenCalledWith('#nav');
  });
});
