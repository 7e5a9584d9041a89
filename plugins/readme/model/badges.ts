/**
 * Badges: the small status images at the top of a README, usually an image inside a
 * link. The service is named from the image address (and the link's when the image
 * says nothing), so a report can say "CI status from GitHub Actions" rather than "an image".
 */
const SERVICES: ReadonlyArray<readonly [string, RegExp]> = [
  ['GitHub Actions', /github\.com\/[^/]+\/[^/]+\/(?:actions\/)?workflows\/[^?#]*badge\.svg|github\.com\/[^/]+\/[^/]+\/actions/i],
  ['Codecov', /codecov\.io/i],
  ['Coveralls', /coveralls\.io/i],
  ['Travis CI', /travis-ci\.(?:org|com)/i],
  ['CircleCI', /circleci\.com/i],
  ['AppVeyor', /appveyor\.com/i],
  ['GitLab CI', /gitlab\.com\/[^?#]*\/badges\//i],
  ['Read the Docs', /readthedocs\.(?:org|io)/i],
  ['docs.rs', /docs\.rs\//i],
  ['Go reference', /pkg\.go\.dev|godoc\.org|goreportcard\.com/i],
  ['crates.io', /crates\.io|img\.shields\.io\/crates\//i],
  ['PyPI', /pypi\.org|pypi\.python\.org|badge\.fury\.io\/py|img\.shields\.io\/pypi\//i],
  ['npm', /npmjs\.(?:com|org)|badge\.fury\.io\/js|nodei\.co\/npm|img\.shields\.io\/npm\//i],
  ['OpenSSF', /bestpractices\.(?:coreinfrastructure\.org|dev)|securityscorecards\.dev|scorecard\.dev/i],
  ['SonarCloud', /sonarcloud\.io/i],
  ['Snyk', /snyk\.io/i],
  ['Libraries.io', /libraries\.io/i],
  ['badgen', /badgen\.net/i],
  // Last: shields.io serves badges for most of the services above; the more precise name wins.
  ['shields.io', /img\.shields\.io|shields\.io\//i],
];

/** The badge service an image (and the link around it) comes from; null when unknown. */
export function badgeService(imageUrl: string, linkUrl: string | null): string | null {
  for (const [name, pattern] of SERVICES) if (pattern.test(imageUrl)) return name;
  if (linkUrl) for (const [name, pattern] of SERVICES) if (name !== 'shields.io' && pattern.test(linkUrl)) return name;
  return null;
}

/** An image address that looks like a badge even outside a link (an .svg from a badge service or named "badge"). */
export function looksLikeBadge(imageUrl: string): boolean {
  return badgeService(imageUrl, null) !== null || /badge/i.test(imageUrl);
}
