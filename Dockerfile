# Keel's production image (README "Deploy"). Node 24 LTS: the machines that build
# Keel run Node 20 (end of life April 2026); CI runs the tests under 24 as well.
#   docker build -t keel .
# Behind a TLS-intercepting proxy or a private npm registry, give the build (never the image) its CA and URL:
#   docker build --secret id=npm_ca,src=/path/to/ca.pem --build-arg NPM_REGISTRY=https://… -t keel .
# (npm run image:check does that from npm's own settings, docs/operations.md.)
#   docker run -p 3000:3000 -e AUTH_SECRET=… -e APP_URL=https://… -e DATABASE_URL=postgres://… keel

# 1. Everything needed to build: all dependencies, then core → web (prerender) → server.
FROM node:24-bookworm-slim AS build
ARG NPM_REGISTRY=https://registry.npmjs.org/
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The CA arrives as a build secret: mounted for this step only, never stored in a layer.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi; \
    npm_config_registry="$NPM_REGISTRY" npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies only (no web toolchain, no test tools, no anvil).
FROM node:24-bookworm-slim AS runtime-deps
ARG NPM_REGISTRY=https://registry.npmjs.org/
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi; \
    npm_config_registry="$NPM_REGISTRY" npm ci --omit=dev --workspace @keel/server --no-audit --no-fund && npm cache clean --force

# 3. What runs: built files and production dependencies, as the unprivileged node user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app ./
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/build/client apps/web/build/client
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The production command: runs the built server, never builds (migrations are applied at start-up), with the
# V8 flags npm start uses (scripts/server-node-flags.mjs says why; server-node-flags.test.ts keeps them equal).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "--no-memory-reducer", "--heap-growing-percent=50", "apps/server/dist/main.js"]
