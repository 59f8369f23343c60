/**
 * Whether an IP address is public unicast, so that sending it reveals nothing about the user's
 * own machine or network. It reads only the canonical forms the URL parser gives a hostname:
 * IPv4 as a dotted quad, IPv6 in brackets, lower-case, compressed and without an embedded quad,
 * so an IPv4-mapped IPv6 address (`[::ffff:7f00:1]`) is checked as the IPv4 address it carries.
 */

/**
 * Ranges outside public unicast space (IANA's special-purpose registries, RFC 6890 and later),
 * the ranges ipaddr.js names; an IPv4 range applies to the IPv4 and IPv4-mapped forms alike.
 */
const NON_PUBLIC_RANGES = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.31.196.0/24', // AS112
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/3', // multicast, reserved and broadcast
  '::/127', // unspecified and loopback
  '::ffff:0:0:0/96', // IPv4-translated
  '64:ff9b::/96', // IPv4/IPv6 translation
  '64:ff9b:1::/48', // local IPv4/IPv6 translation
  '100::/64', // discard
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // AS112
  '3fff::/20', // documentation
  '5f00::/16', // segment routing
  'fc00::/7', // unique local
  'fe80::/9', // link-local and the deprecated site-local
  'ff00::/8', // multicast
].map((range) => {
  const [address = '', length] = range.split('/');
  return bitsOf(address).slice(0, 128 - (address.includes('.') ? 32 : 128) + Number(length));
});

/**
 * For a hostname as the URL parser gives it: true for a public unicast address, false for any
 * other address, null for a name.
 */
export function isPublicAddress(hostname: string): boolean | null {
  const literal = hostname.startsWith('[')
    ? hostname.slice(1, -1)
    : /^\d+\.\d+\.\d+\.\d+$/.test(hostname)
      ? hostname
      : null;
  if (literal === null) return null;
  const bits = bitsOf(literal);
  return !NON_PUBLIC_RANGES.some((range) => bits.startsWith(range));
}

/** The 128 bits of a canonical address, an IPv4 address as its IPv4-mapped IPv6 form. */
function bitsOf(address: string): string {
  const binary = (parts: string[], radix: number, width: number) =>
    parts.map((part) => Number.parseInt(part, radix).toString(2).padStart(width, '0')).join('');
  if (address.includes('.'))
    return `${'0'.repeat(80)}${'1'.repeat(16)}${binary(address.split('.'), 10, 8)}`;
  const [head = [], tail] = address.split('::').map((side) => (side === '' ? [] : side.split(':')));
  const zeros = Array<string>(8 - head.length - (tail?.length ?? 0)).fill('0');
  return binary([...head, ...zeros, ...(tail ?? [])], 16, 16);
}
