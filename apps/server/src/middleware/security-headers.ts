import { createMiddleware } from 'hono/factory';

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

/**
 * Headers every response carries (SPEC §7). HTML responses may replace the CSP
 * with one that also allows their own build-time inline script hashes.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const csp = buildContentSecurityPolicy(options);
  return createMiddleware(async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', csp);
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('Permissions-Policy', 'geolocation=(), microphone=(), camera=()');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.isHttps) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
