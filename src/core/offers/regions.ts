/**
 * Regions: which lies within which, so that `region=eu` keeps a door priced for `eu` and one priced
 * for a cloud region in Europe (`eu-central-1`), and `region=apac` Bedrock's `au` and `jp` profiles.
 */

/** The geographies `region=` takes besides a source's finer regions. */
export const GEOGRAPHIES = ['global', 'us', 'eu', 'apac', 'cn', 'au', 'jp', 'us-gov'] as const;

/** A finer region's geography: `eu-central-1` is in `eu`, `ap-south-1`, `au` and `jp` in `apac`; a geography is its own. */
export function geographyOf(region: string): string {
  if (region === 'au' || region === 'jp' || region.startsWith('ap-')) return 'apac';
  if (region.startsWith('us-gov')) return 'us-gov';
  if (region.startsWith('us-')) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('cn-')) return 'cn';
  return region;
}

/** Whether a door priced for `region` serves `asked`: the same region, or one within it (`eu-west-1` within `eu`, `au` within `apac`). */
export function within(region: string, asked: string): boolean {
  return region === asked || geographyOf(region) === asked;
}
