export const DEFAULT_URLS: Record<string, string>;
export const GENAI_PACKAGE_DATE: string;
export function main(
  argv: string[],
  io?: { out?: (line: string) => void; err?: (line: string) => void; today?: string },
): Promise<number>;
