# One image for the API, the worker and the CLI:
#   node backend/dist/main.js     API (set WORKER_IN_PROCESS=false when workers run apart)
#   node backend/dist/worker.js   worker
#   node backend/dist/cli.js migrate | projections:rebuild | projections:verify

# ---- build: install everything, compile TypeScript, then drop dev dependencies ----
# Node 20 (the README's minimum, 20.19+) in both stages; node:22 images work too (CI tests Node 22).
FROM node:20-bookworm AS build
WORKDIR /app
# swagger-ui-dist pulls in @scarf/scarf, which reports installs unless told not to.
ENV SCARF_ANALYTICS=false
# The project is developed and tested with npm 11; node:20 ships npm 10.
RUN npm install --global npm@11

# Manifests first, so the dependency layer is cached until they change.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
# `npm install`, not `npm ci`: the lock file lacks other platforms' optional binaries (see .ci/run).
RUN npm install --no-audit --no-fund

COPY tsconfig.json ./
COPY backend/tsconfig.json backend/tsconfig.build.json backend/
COPY backend/src backend/src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: compiled code and production dependencies only ----
FROM node:20-bookworm-slim AS runtime
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
