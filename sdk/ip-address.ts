/**
 * What kind of address an IP is, for the network policy (sdk/http-client.ts): public, or
 * one of the special-use ranges a request named by untrusted content must not reach
 * (loopback, private, link-local with the cloud metadata address, unique-local, ...).
 * IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address they carry.
 * IPv6 outside 2000::/3 (global unicast) is never public.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/** An address as 32 (IPv4) or 128 (IPv6) bits. */
interface Bits {
  family: 4 | 6;
  value: bigint;
}

/** Parse an IP literal ("127.0.0.1", "::1", "[::1]", "fe80::1%eth0"); undefined when it is not one. */
export function parseIp(text: string): Bits | undefined {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  address = address.replace(/%.*$/, '');
  if (isIPv4(address)) return { family: 4, value: ipv4Value(address) };
  if (!isIPv6(address)) return undefined;
  // A trailing dotted quad stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const quad = ipv4Value(dotted[1]!);
    address = `${address.slice(0, -dotted[1]!.length)}${(quad >> 16n).toString(16)}:${(quad & 0xffffn).toString(16)}`;
  }
  const [head, rest] = address.includes('::') ? (address.split('::') as [string, string]) : [address, undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => BigInt(parseInt(g, 16))));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...new Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  if (all.length !== 8) return undefined;
  return { family: 6, value: all.reduce((acc, g) => (acc << 16n) | g, 0n) };
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** A range: `prefix/length` as bits. */
export interface Cidr {
  family: 4 | 6;
  value: bigint;
  length: number;
}

/** Parse "10.0.0.0/8", "fd00::/8" or a bare address (a single-address range); undefined when malformed. */
export function parseCidr(text: string): Cidr | undefined {
  const [address, length, extra] = text.trim().split('/');
  if (extra !== undefined || address === undefined) return undefined;
  const ip = parseIp(address);
  if (!ip) return undefined;
  const max = ip.family === 4 ? 32 : 128;
  const bits = length === undefined ? max : /^\d{1,3}$/.test(length) ? Number(length) : NaN;
  if (!(bits >= 0 && bits <= max)) return undefined;
  return { family: ip.family, value: ip.value, length: bits };
}

function within(ip: Bits, range: Cidr): boolean {
  if (ip.family !== range.family) return false;
  const width = BigInt(ip.family === 4 ? 32 : 128);
  const shift = width - BigInt(range.length);
  return ip.value >> shift === range.value >> shift;
}

/** Whether `address` (an IP literal) is in `range`; IPv4-carrying IPv6 forms match IPv4 ranges too. */
export function cidrContains(range: Cidr, address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  if (within(ip, range)) return true;
  const carried = ip.family === 6 ? embeddedIpv4(ip.value) : undefined;
  return carried !== undefined && within({ family: 4, value: carried }, range);
}

const cidr = (text: string): Cidr => parseCidr(text)!;

/** Special-use IPv4 ranges, the most specific first where they overlap. */
const IPV4_RANGES: Array<[Cidr, AddressCategory]> = [
  [cidr('255.255.255.255/32'), 'broadcast'],
  [cidr('0.0.0.0/32'), 'unspecified'],
  [cidr('0.0.0.0/8'), 'reserved'],
  [cidr('10.0.0.0/8'), 'private'],
  [cidr('100.64.0.0/10'), 'carrier-grade NAT'],
  [cidr('127.0.0.0/8'), 'loopback'],
  [cidr('169.254.0.0/16'), 'link-local'],
  [cidr('172.16.0.0/12'), 'private'],
  [cidr('192.0.0.0/24'), 'reserved'],
  [cidr('192.0.2.0/24'), 'reserved'],
  [cidr('192.88.99.0/24'), 'reserved'],
  [cidr('192.168.0.0/16'), 'private'],
  [cidr('198.18.0.0/15'), 'reserved'],
  [cidr('198.51.100.0/24'), 'reserved'],
  [cidr('203.0.113.0/24'), 'reserved'],
  [cidr('224.0.0.0/4'), 'multicast'],
  [cidr('240.0.0.0/4'), 'reserved'],
];

const IPV6_RANGES: Array<[Cidr, AddressCategory]> = [
  [cidr('::/128'), 'unspecified'],
  [cidr('::1/128'), 'loopback'],
  [cidr('64:ff9b:1::/48'), 'private'],
  [cidr('100::/64'), 'reserved'],
  [cidr('2001::/32'), 'reserved'], // Teredo: the IPv4 inside is obfuscated, and nobody links to one
  [cidr('2001:db8::/32'), 'reserved'],
  [cidr('fc00::/7'), 'unique-local'],
  [cidr('fe80::/10'), 'link-local'],
  [cidr('fec0::/10'), 'private'], // deprecated site-local
  [cidr('ff00::/8'), 'multicast'],
];

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(value: bigint): bigint | undefined {
  const low32 = value & 0xffffffffn;
  if (value >> 32n === 0xffffn) return low32; // ::ffff:a.b.c.d
  if (value >> 32n === 0n && value > 1n) return low32; // ::a.b.c.d (deprecated compatible form)
  if (value >> 32n === 0x0064ff9b_0000_0000_0000_0000n) return low32; // 64:ff9b::/96
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 2002:aabb:ccdd::/48
  return undefined;
}

function classifyV4(value: bigint): AddressCategory {
  const ip: Bits = { family: 4, value };
  return IPV4_RANGES.find(([range]) => within(ip, range))?.[1] ?? 'public';
}

/** The category of an IP literal; anything that does not parse is 'reserved' (never reachable). */
export function classifyAddress(address: string): AddressCategory {
  const ip = parseIp(address);
  if (!ip) return 'reserved';
  if (ip.family === 4) return classifyV4(ip.value);
  const special = IPV6_RANGES.find(([range]) => within(ip, range))?.[1];
  if (special) return special;
  const carried = embeddedIpv4(ip.value);
  if (carried !== undefined) return classifyV4(carried);
  // Only 2000::/3 is global unicast.
  return ip.value >> 125n === 1n ? 'public' : 'reserved';
}

/** The IPv4 form of an address that carries one ("::ffff:127.0.0.1" gives "127.0.0.1"), for messages. */
export function describeAddress(address: string): string {
  const ip = parseIp(address);
  const carried = ip?.family === 6 ? embeddedIpv4(ip.value) : undefined;
  return carried === undefined ? address : `${address} (${ipv4Text(carried)})`;
}
