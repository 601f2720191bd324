import { userTokenFor, USER_TOKEN_KEY } from './userToken';

describe('spec §7: insights user token', () => {
  it('uses the signed-in uid, else a stable anonymous token', () => {
    localStorage.removeItem(USER_TOKEN_KEY);
    expect(userTokenFor({ uid: 'u-1003', loggedIn: true })).toBe('u-1003');
    expect(userTokenFor({ uid: 'a b@c', loggedIn: true })).toBe('a_b_c');
    const anon = userTokenFor(null);
    expect(anon).toMatch(/^anonymous-[a-z0-9]+$/);
    expect(userTokenFor({ uid: '', loggedIn: false })).toBe(anon);
  });
});
