import { historyRequest, historyRequestBody, ymd } from './history';

describe('spec §7 transactionHistory request: 180-day window, dates YYYY-MM-DD, base64 JSON', () => {
  it('the window ends today and starts 180 days ago', () => {
    const now = new Date(2026, 2, 15, 10, 0).getTime();
    expect(historyRequest(now, 'ENROLLED')).toEqual({ startDate: '2025-09-16', endDate: '2026-03-15', enrollmentStatus: 'ENROLLED' });
  });
  it('the body is { data: base64(JSON) }', () => {
    const now = new Date(2026, 0, 5, 23, 59).getTime();
    const { data } = historyRequestBody(now, 'ENROLLED');
    expect(JSON.parse(atob(data))).toEqual({ startDate: '2025-07-09', endDate: '2026-01-05', enrollmentStatus: 'ENROLLED' });
  });
  it('ymd pads month and day', () => {
    expect(ymd(new Date(2026, 0, 2))).toBe('2026-01-02');
  });
});
