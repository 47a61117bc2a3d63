# Two kinds of image from one build (docs/operating.md):
#   target `backend` (the default): the compiled backend; compose runs api, projector, relay and
#     worker from it, each with its own `node services/dist/main/<process>.js` command;
#   target `web` with APP=shell or APP=mfe-<name>: one front end's static files behind
#     scripts/static-server.mjs, so each is deployed, and released, on its own.
# No TypeScript loader and no dev dependency reaches a run stage.

# Build: every dependency, then the compiled backend and the five front-end builds.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY services/package.json services/
COPY kit/package.json kit/
COPY shell/package.json shell/
COPY mfe-account/package.json mfe-account/
COPY mfe-studio/package.json mfe-studio/
COPY mfe-gallery/package.json mfe-gallery/
COPY mfe-qr/package.json mfe-qr/
# `npm install` with the lock file, as CI does (.ci/run says why not `npm ci`): the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
# The early-access end date is read when the front ends are built (README, Configuration).
ARG PRICE_DOUBLING_AT=
ENV PRICE_DOUBLING_AT=${PRICE_DOUBLING_AT}
RUN npm run build:server && npm run build:web

# The services' production dependencies only, from the lock file (nothing of the front ends').
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/events/package.json events/
COPY --from=build /app/services/package.json services/
COPY --from=build /app/kit/package.json kit/
COPY --from=build /app/shell/package.json shell/
COPY --from=build /app/mfe-account/package.json mfe-account/
COPY --from=build /app/mfe-studio/package.json mfe-studio/
COPY --from=build /app/mfe-gallery/package.json mfe-gallery/
COPY --from=build /app/mfe-qr/package.json mfe-qr/
# services/node_modules holds the versions that differ from the hoisted ones; it may be empty.
RUN npm install --omit=dev --workspace @studio/services --no-audit --no-fund && mkdir -p services/node_modules

# One front end on its own origin: `--build-arg APP=mfe-qr` (or `APP=shell`).
FROM node:24-bookworm-slim AS web
ARG APP
WORKDIR /srv
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_ROOT=/srv/public
COPY --from=build /app/scripts/static-server.mjs ./static-server.mjs
COPY --from=build /app/${APP}/dist ./public
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --retries=5 \
  CMD ["node", "-e", "fetch('http://localhost:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "static-server.mjs"]

# The backend: production dependencies and the compiled processes, nothing of the front ends
# (the API reads the shell's page from its service, SHELL_FETCH_URL).
FROM node:24-bookworm-slim AS backend
WORKDIR /app
# A font for the offline drawings' captions (their DEMO label is drawn as strokes and needs none).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/services/node_modules ./services/node_modules
COPY --from=build /app/services/package.json ./services/package.json
COPY --from=build /app/services/dist ./services/dist
USER node
EXPOSE 3000
# The API's readiness; compose gives the other processes a check on their OPS_PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=10 \
  CMD ["node", "-e", "fetch('http://localhost:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "services/dist/main/api.js"]
