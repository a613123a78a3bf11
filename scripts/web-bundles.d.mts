export const WEB_ENTRIES: { widgetJs: string; siteJs: string; repriceJs: string };
export function bundle(entry: string, outfile?: string): Promise<string | undefined>;
export function docsAssets(): Promise<{ docsJs: string; docsCss: string }>;
export function bundleWeb(): Promise<{
  widgetJs: string;
  siteJs: string;
  repriceJs: string;
  docsJs: string;
  docsCss: string;
}>;
