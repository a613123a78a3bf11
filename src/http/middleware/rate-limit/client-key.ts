/** The key a client address is counted under by the rate limit. */

/**
 * An IPv4 address as it is; an IPv6 address by its /64 (`2001:db8:0:1::/64`), the block one
 * subscriber usually holds and can pick any address in; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, as dual-stack sockets report IPv4 clients) as its IPv4 address. Brackets, a
 * port and a zone are dropped; anything else is kept, cut to 64 characters.
 */
export function clientKey(address: string): string {
  const text = address.trim();
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(text);
  if (v4?.[1] !== undefined) return v4[1];
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1];
  const groups = ipv6Groups((bracketed ?? text).replace(/%.*$/, '').toLowerCase());
  if (groups === undefined) return text.slice(0, 64);
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6] ?? '0', 16), parseInt(groups[7] ?? '0', 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros; undefined if it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  const halves = ip.split('::');
  if (halves.length > 2) return undefined;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  // A dotted IPv4 address may end it (::192.0.2.1, 64:ff9b::192.0.2.1): two groups.
  const last = tail.length > 0 ? tail : head;
  const quad = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last[last.length - 1] ?? '');
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16).toString(16));
}
