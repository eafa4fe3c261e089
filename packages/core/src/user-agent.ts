/**
 * A browser and an operating system, in words a saver recognises, from a
 * User-Agent header. Only the names the sessions list and the new-sign-in mail
 * show: versions and device models are left out on purpose (they change with
 * every update and mean little to a reader).
 */
export type DeviceDescription = { browser: string; os: string };

const UNKNOWN: DeviceDescription = { browser: 'Unknown browser', os: 'Unknown system' };

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bHeadlessChrome\//, 'Chrome'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(userAgent: string, table: readonly (readonly [RegExp, string])[]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return UNKNOWN;
  return {
    browser: firstMatch(userAgent, BROWSERS) ?? UNKNOWN.browser,
    os: firstMatch(userAgent, SYSTEMS) ?? UNKNOWN.os,
  };
}
