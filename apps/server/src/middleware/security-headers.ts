import { createMiddleware } from 'hono/factory';
import { setResponseHeader } from '../lib/response-headers.js';

export type SecurityHeaderOptions = {
  isHttps: boolean;
  /** Origins the page may connect to besides itself (Base RPC, wallet relay). */
  connectOrigins: string[];
};

export function buildContentSecurityPolicy(options: SecurityHeaderOptions, scriptHashes: readonly string[] = []): string {
  const scriptSources = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)];
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // Radix positions popovers with style attributes; no inline <script> is allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...options.connectOrigins].join(' ')}`,
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ];
  if (options.isHttps) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The headers every response carries besides the CSP. */
export function fixedSecurityHeaders(options: SecurityHeaderOptions): [string, string][] {
  const fixed: [string, string][] = [
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'geolocation=(), microphone=(), camera=()'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.isHttps) fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return fixed;
}

/**
 * Headers every response carries. HTML responses may replace the CSP
 * with one that also allows their own build-time inline script hashes. The
 * listener's own answers (fast-path.ts, node-listener.ts) write the same list.
 *
 * They are set on the finished response's own header list (setResponseHeader).
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const fixed = fixedSecurityHeaders(options);
  const csp = buildContentSecurityPolicy(options);
  return createMiddleware(async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) setResponseHeader(c, 'Content-Security-Policy', csp);
    for (const [name, value] of fixed) setResponseHeader(c, name, value);
  });
}

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
