import { Hono } from 'hono';
import { publicConfig } from '../../config.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { configDocs } from './config.docs.js';

/** The explicit public subset of the configuration the browser may know. */
export function configRoutes(deps: AppDeps) {
  const body = publicConfig(deps.config);
  return new Hono<AppEnv>().get('/', configDocs, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(body);
  });
}
