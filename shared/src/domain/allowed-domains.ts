/** Messages of the allowed-domain rules. */
export const DOMAIN_MESSAGES = {
  invalidDomain: 'Domain must look like @university.edu.pk.',
} as const;

const DOMAIN_PATTERN = /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Lower-cases and trims a domain and adds the leading @ when missing ('UNI.edu' → '@uni.edu'). */
export function normaliseDomain(input: string): string {
  const domain = input.trim().toLowerCase();
  if (domain === '') return '';
  return domain.startsWith('@') ? domain : `@${domain}`;
}

/** Whether a domain, once normalised, looks like '@host.tld'. */
export function isValidDomain(input: string): boolean {
  return DOMAIN_PATTERN.test(normaliseDomain(input));
}

/** Whether an e-mail address ends with a domain, ignoring case and surrounding space. */
export function emailMatchesDomain(email: string, domain: string): boolean {
  const normalised = normaliseDomain(domain);
  return normalised !== '' && email.trim().toLowerCase().endsWith(normalised);
}

/** Whether an e-mail address ends with one of the domains (false for an empty list). */
export function emailMatchesAnyDomain(email: string, domains: readonly string[]): boolean {
  return domains.some((domain) => emailMatchesDomain(email, domain));
}

/** The normalised, de-duplicated domains registered for one campus, in their stored order. */
export function domainsForCampus(
  allowed: readonly { domain: string; universityId: string; campusId: string }[],
  universityId: string,
  campusId: string,
): string[] {
  const domains = allowed
    .filter((entry) => entry.universityId === universityId && entry.campusId === campusId)
    .map((entry) => normaliseDomain(entry.domain))
    .filter((domain) => domain !== '');
  return [...new Set(domains)];
}

/** Domains as the messages name them: '@a.edu, @b.edu'. */
export function formatDomainList(domains: readonly string[]): string {
  return domains.join(', ');
}
