/** Query keys of the public site, general to specific. */
export const publicSiteKeys = {
  all: ['public-site'] as const,
  figures: () => [...publicSiteKeys.all, 'figures'] as const,
  kevAdditions: () => [...publicSiteKeys.all, 'kev-additions'] as const,
  intelHighlights: () => [...publicSiteKeys.all, 'intel-highlights'] as const,
};
