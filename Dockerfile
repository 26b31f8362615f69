# syntax=docker/dockerfile:1
# The bot as one container: built with dev dependencies, run with production ones only.
# test/deploy/entry.test.ts runs this file's CMD against a build, so keep CMD in exec form.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lock file first: the dependency layer is reused while only the source changes.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# PORT serves /healthz, /readyz and /metrics (and the webhook, with WEBHOOK_URL set).
# LOG_FORMAT=json: one JSON line per event for the log collector, never the pretty printer.
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/app/data \
    LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Read at run time beside dist/: the messages, the Mini App's page (served under /app/ with
# WEBAPP_URL or WEBHOOK_URL; the playground borrows its element.js), and the playground page for
# sandbox mode.
COPY locales ./locales
COPY src/webapp/page ./src/webapp/page
COPY src/devtools/playground/page ./src/devtools/playground/page
# The data folder belongs to the unprivileged user that runs the bot; a named volume mounted
# here starts with this ownership.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080
# /healthz answers without calling anything slow; node's own fetch, as the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The same entry as the Procfile's worker. --v8-pool-size=0: V8's background threads sized to the
# machine's CPUs instead of Node's fixed 4; --max-semi-space-size=64: a young generation large
# enough that a burst's short-lived objects die in it (docs/deploy.md says why, and what it costs).
CMD ["node", "--v8-pool-size=0", "--max-semi-space-size=64", "dist/main.js"]
