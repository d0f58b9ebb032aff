import { describe, expect, it } from 'vitest';
import {
  domainsForCampus,
  emailMatchesAnyDomain,
  emailMatchesDomain,
  formatDomainList,
  isValidDomain,
  normaliseDomain,
} from './allowed-domains';

describe('normaliseDomain', () => {
  it.each([
    ['UNI.edu.pk', '@uni.edu.pk'],
    ['@Uni.Edu', '@uni.edu'],
    ['  lums.edu.pk ', '@lums.edu.pk'],
    ['', ''],
    ['   ', ''],
  ])('turns %j into %j', (input, domain) => {
    expect(normaliseDomain(input)).toBe(domain);
  });
});

describe('isValidDomain', () => {
  it.each([
    ['@uni.edu.pk', true],
    ['nu.edu.pk', true],
    ['@st-uni.edu', true],
    ['uni', false],
    ['@', false],
    ['@uni..edu', false],
    ['ali@uni.edu', false],
    ['@uni edu.pk', false],
  ])('%j is valid: %s', (input, valid) => {
    expect(isValidDomain(input)).toBe(valid);
  });
});

describe('matching', () => {
  it('matches the end of the address ignoring case and space', () => {
    expect(emailMatchesDomain('ali@uni.edu.pk', 'uni.edu.pk')).toBe(true);
    expect(emailMatchesDomain(' ALI@UNI.EDU.PK ', '@uni.edu.pk')).toBe(true);
  });

  it('does not match look-alike hosts', () => {
    expect(emailMatchesDomain('ali@evil-uni.edu.pk', '@uni.edu.pk')).toBe(false);
    expect(emailMatchesDomain('ali@uni.edu.pk.evil.com', '@uni.edu.pk')).toBe(false);
    expect(emailMatchesDomain('ali@cs.uni.edu.pk', '@uni.edu.pk')).toBe(false);
  });

  it('never matches an empty domain or an empty list', () => {
    expect(emailMatchesDomain('ali@uni.edu.pk', '')).toBe(false);
    expect(emailMatchesAnyDomain('ali@uni.edu.pk', [])).toBe(false);
    expect(emailMatchesAnyDomain('ali@b.edu', ['@a.edu', '@b.edu'])).toBe(true);
  });
});

describe('domainsForCampus', () => {
  it('keeps the campus domains, normalised and without duplicates', () => {
    const allowed = [
      { domain: '@a.edu', universityId: 'u1', campusId: 'c1' },
      { domain: 'B.edu', universityId: 'u1', campusId: 'c1' },
      { domain: '@b.edu', universityId: 'u1', campusId: 'c1' },
      { domain: '@other.edu', universityId: 'u1', campusId: 'c2' },
      { domain: '@x.edu', universityId: 'u2', campusId: 'c1' },
    ];
    expect(domainsForCampus(allowed, 'u1', 'c1')).toEqual(['@a.edu', '@b.edu']);
    expect(domainsForCampus(allowed, 'u3', 'c9')).toEqual([]);
    expect(formatDomainList(['@a.edu', '@b.edu'])).toBe('@a.edu, @b.edu');
  });
});
