import { DEFAULT_ALERT_PROVINCE, fetchAlert } from './bannerAlert';
import { mockBff } from '../test-utils';

describe('fetchAlert (spec §7 POST /api/bannerAlert {province}, data.getAlert[0])', () => {
  const alert = { descriptionText: 'Store 3299 now opens at 7 a.m.', ctaLabel: 'Find a store', ctaUrl: '/store-locator' };

  it('posts the province with a nonce header and returns the first alert', async () => {
    const fetchMock = mockBff({ 'POST /bannerAlert': (body: unknown) => ({ getAlert: (body as { province: string }).province === 'NS' ? [alert, { ...alert, descriptionText: 'second' }] : [] }) });
    await expect(fetchAlert('/api', 'NS')).resolves.toEqual(alert);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/bannerAlert');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ province: 'NS' });
    expect((init.headers as Record<string, string>)['x-nonce']).toMatch(/.{8,}/);
  });

  it("defaults the province to 'ON'", async () => {
    expect(DEFAULT_ALERT_PROVINCE).toBe('ON');
    const fetchMock = mockBff({ 'POST /bannerAlert': { getAlert: [] } });
    await expect(fetchAlert('/api')).resolves.toBeNull();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ province: 'ON' });
  });

  it('returns null on an error envelope, a network error or an alert without text', async () => {
    mockBff({ 'POST /bannerAlert': { envelope: { status: 'error', code: 400, message: 'bad', data: null }, httpStatus: 400 } });
    await expect(fetchAlert('/api', 'XX')).resolves.toBeNull();
    (globalThis as { fetch: unknown }).fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await expect(fetchAlert('/api', 'NS')).resolves.toBeNull();
    mockBff({ 'POST /bannerAlert': { getAlert: [{ descriptionText: '  ', ctaLabel: null, ctaUrl: null }] } });
    await expect(fetchAlert('/api', 'NS')).resolves.toBeNull();
  });
});
