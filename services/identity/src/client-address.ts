/**
 * The client's address behind trusted proxies (the load balancer). `proxy-addr` is in node_modules only
 * as a dev-time transitive dependency, so this is the same rule on node:net's BlockList:
 * walk from the socket address back through `X-Forwarded-For` (right to left) and take the first
 * address that is not a trusted proxy; when every hop is trusted, the left-most one.
 */
import net from 'node:net';
import type http from 'node:http';

/** Named ranges accepted in TRUST_PROXY (as in Express's `trust proxy`). */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Which addresses are trusted proxies. */
export interface TrustedProxies {
  /** true when `address` (IPv4, IPv6 or IPv4-mapped IPv6) is a trusted proxy. */
  trusts(address: string): boolean;
  /** The configuration as given, for logs. */
  readonly source: string;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; other addresses unchanged; `[::1]` brackets removed. */
export function normaliseAddress(address: string): string {
  const a = address.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * Parses TRUST_PROXY: a comma list of `loopback`, `linklocal`, `uniquelocal`, addresses (`10.0.0.5`,
 * `::1`) and subnets (`10.0.0.0/8`, `fd00::/8`).
 * @returns null when `value` is empty or undefined (no proxy trusted: the socket address is the client)
 * @throws Error naming the first entry that is not one of these
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!entries.length) return null;
  const list = new net.BlockList();
  for (const entry of entries.flatMap((e) => NAMED[e.toLowerCase()] ?? [e])) {
    const [addr, prefix, extra] = entry.split('/');
    const ip = normaliseAddress(addr ?? '');
    const family = net.isIP(ip);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (!family || extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32) || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      throw new Error(`TRUST_PROXY: '${entry}' is not loopback, linklocal, uniquelocal, an IP address or a subnet`);
    }
    list.addSubnet(ip, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    source: entries.join(','),
    trusts(address: string): boolean {
      const ip = normaliseAddress(address);
      const family = net.isIP(ip);
      return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The client address of a request: the socket address when no proxy is trusted or the socket peer is
 * not trusted; else the right-most `X-Forwarded-For` entry that is not a trusted proxy.
 * @returns an address (IPv4-mapped IPv6 shown as IPv4), or 'unknown' when the socket has none
 */
export function clientAddress(req: http.IncomingMessage, trusted: TrustedProxies | null): string {
  const socket = normaliseAddress(req.socket.remoteAddress ?? 'unknown');
  if (!trusted || !trusted.trusts(socket)) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  let client = socket;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    client = normaliseAddress(hops[i]!).slice(0, 64);
    if (!trusted.trusts(client)) return client;
  }
  return client;
}
