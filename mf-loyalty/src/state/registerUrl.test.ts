import { registerUrl } from './registerUrl';

describe('registerUrl (spec §2 "/register External loyalty site")', () => {
  it('the configured loyalty site, with the storefront page to return to', () => {
    expect(registerUrl({ url: 'http://localhost:4500/register' }, 'http://localhost:8080/recipes/x?a=1&b=2'))
      .toBe('http://localhost:4500/register?returnUrl=http%3A%2F%2Flocalhost%3A8080%2Frecipes%2Fx%3Fa%3D1%26b%3D2');
  });

  it('keeps a query the site URL already has', () => {
    expect(registerUrl({ url: 'https://scene.example.com/join?lang=en' }, 'https://shop.example.com/'))
      .toBe('https://scene.example.com/join?lang=en&returnUrl=https%3A%2F%2Fshop.example.com%2F');
  });

  it.each([undefined, { url: '' }, { url: 'javascript:alert(1)' }, { url: '//evil.example/register' }, { url: '/register' }])(
    'no usable site (%p) → the storefront\'s /register', (site) => {
      expect(registerUrl(site, 'http://localhost:8080/')).toBe('/register');
    },
  );
});
