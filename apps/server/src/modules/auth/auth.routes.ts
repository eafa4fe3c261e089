import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';

/** /api/auth/* (accounts issue). */
export function authRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}

/** Sets c.var.user from the session cookie (accounts issue); null when signed out. */
export function sessionMiddleware(_deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    await next();
  });
}
