import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { classifyAddress, ipv6Bytes, isPrivateAddress } from '../../../platform/analysis/address-class.ts';

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.255.1.1', 'this network'],
    ['10.20.30.40', 'private'],
    ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
    ['100.127.255.255', 'shared address space (carrier-grade NAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation (TEST-NET-1)'],
    ['192.88.99.1', 'deprecated 6to4 relay anycast'],
    ['192.168.0.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'limited broadcast'],
  ])('IPv4 %s is %s', (address, range) => {
    expect(classifyAddress(address)).toEqual({ global: false, range });
  });

  it.each(['1.1.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.169.0.1', '198.17.255.255', '198.20.0.0', '223.255.255.255', '9.255.255.255', '11.0.0.0'])(
    'IPv4 %s is global',
    (address) => {
      expect(classifyAddress(address)).toEqual({ global: true });
    },
  );

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::FFFF:A9FE:A9FE', 'IPv4-mapped link-local'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::192.168.1.1', 'NAT64 private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:a00:1::1', '6to4 private'],
    ['2001::1', 'IETF protocol assignments'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'IETF protocol assignments'], // Teredo
    ['2001:2::1', 'IETF protocol assignments'], // benchmarking
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['100::1', 'discard-only'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['5f00::1', 'reserved'],
    ['1::', 'reserved'],
  ])('IPv6 %s is %s', (address, range) => {
    expect(classifyAddress(address)).toEqual({ global: false, range });
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '2001:200::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2620:4f:8000::1'])('IPv6 %s is global', (address) => {
    expect(classifyAddress(address)).toEqual({ global: true });
  });

  it('reads bracketed literals as the URL parser writes them, and refuses what is not an address', () => {
    expect(classifyAddress('[::ffff:7f00:1]')).toEqual({ global: false, range: 'IPv4-mapped loopback' });
    expect(classifyAddress('localhost')).toEqual({ global: false, range: 'not an IP address' });
    expect(classifyAddress('')).toEqual({ global: false, range: 'not an IP address' });
    expect(classifyAddress('127.0.0.1.')).toEqual({ global: false, range: 'not an IP address' });
    expect(isPrivateAddress('93.184.215.14')).toBe(false);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
  });
});

describe('ipv6Bytes', () => {
  it('expands compressed forms and dotted IPv4 tails to the same 16 bytes', () => {
    const loopbackMapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1];
    expect(ipv6Bytes('::ffff:127.0.0.1')).toEqual(loopbackMapped);
    expect(ipv6Bytes('::ffff:7f00:1')).toEqual(loopbackMapped);
    expect(ipv6Bytes('0:0:0:0:0:ffff:7f00:1')).toEqual(loopbackMapped);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(ipv6Bytes('1::8')).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8]);
    expect(ipv6Bytes('1:2:3:4:5:6:1.2.3.4')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4]);
    expect(ipv6Bytes('127.0.0.1')).toBeNull();
    expect(ipv6Bytes('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

describe('why the classifier does not use node:net BlockList', () => {
  it('BlockList matches IPv4 rules against mapped addresses only, and an IPv6 rule for ::ffff:0:0/96 against every IPv4 address', () => {
    const v4Rules = new BlockList();
    v4Rules.addSubnet('127.0.0.0', 8, 'ipv4');
    expect(v4Rules.check('::ffff:7f00:1', 'ipv6')).toBe(true);
    // The compatible, NAT64 and 6to4 forms of 127.0.0.1 slip through an IPv4 rule.
    expect(v4Rules.check('::7f00:1', 'ipv6')).toBe(false);
    expect(v4Rules.check('64:ff9b::7f00:1', 'ipv6')).toBe(false);
    expect(v4Rules.check('2002:7f00:1::', 'ipv6')).toBe(false);
    const mappedRule = new BlockList();
    mappedRule.addSubnet('::ffff:0:0', 96, 'ipv6');
    expect(mappedRule.check('8.8.8.8', 'ipv4')).toBe(true);
    // The classifier judges all of them by the embedded address.
    expect(isPrivateAddress('64:ff9b::7f00:1')).toBe(true);
    expect(isPrivateAddress('2002:7f00:1::')).toBe(true);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
  });
});
